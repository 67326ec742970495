import type { Locale } from './locales'

/**
 * The inquiry inbox's words in the admin, in each editor's language: the summary at the top of an
 * inquiry, its status labels and the export dialog. Kept apart from the site's catalogues
 * (messages/), which are the visitors' words.
 */
export const INQUIRY_ADMIN_TEXT = {
  en: {
    from: 'From',
    email: 'Email',
    phone: 'Phone',
    service: 'Service',
    message: 'Message',
    noService: 'Not given',
    reply: 'Reply by email',
    replyHint: 'Opens your mail program with a reply in the sender’s language',
    senderLanguage: 'Sender’s language',
    technicalDetails: 'Technical details',
    statuses: { new: 'New', replied: 'Replied', spam: 'Spam', closed: 'Closed' },
    exportMenu: 'Export inquiries',
    exportTitle: 'Export inquiries',
    exportCounting: 'Counting the inquiries…',
    exportCount: (count: number) =>
      count === 1
        ? '1 inquiry matches the list’s filters and search.'
        : `${count} inquiries match the list’s filters and search.`,
    exportExplained:
      'The file holds all of them, on every page of the list, with the sender, the message, ' +
      'the status, your note and where each came from. It opens in a spreadsheet.',
    exportDownload: 'Download CSV file',
    exportWorking: 'Preparing the file…',
    exportFailed: 'The export failed. Try again, or narrow the list with a filter.',
  },
  es: {
    from: 'De',
    email: 'Correo',
    phone: 'Teléfono',
    service: 'Servicio',
    message: 'Mensaje',
    noService: 'Sin indicar',
    reply: 'Responder por correo',
    replyHint: 'Abre tu programa de correo con una respuesta en el idioma del remitente',
    senderLanguage: 'Idioma del remitente',
    technicalDetails: 'Detalles técnicos',
    statuses: { new: 'Nueva', replied: 'Respondida', spam: 'Spam', closed: 'Cerrada' },
    exportMenu: 'Exportar consultas',
    exportTitle: 'Exportar consultas',
    exportCounting: 'Contando las consultas…',
    exportCount: (count: number) =>
      count === 1
        ? '1 consulta coincide con los filtros y la búsqueda de la lista.'
        : `${count} consultas coinciden con los filtros y la búsqueda de la lista.`,
    exportExplained:
      'El archivo las contiene todas, de todas las páginas de la lista, con el remitente, el ' +
      'mensaje, el estado, tu nota y su procedencia. Se abre en una hoja de cálculo.',
    exportDownload: 'Descargar archivo CSV',
    exportWorking: 'Preparando el archivo…',
    exportFailed: 'La exportación falló. Inténtalo de nuevo o acota la lista con un filtro.',
  },
} as const satisfies Record<Locale, unknown>

export type InquiryAdminText = (typeof INQUIRY_ADMIN_TEXT)[Locale]

/** The words for an admin language (Payload's `i18n.language`); English when it is another. */
export function inquiryAdminText(language: unknown): InquiryAdminText {
  return language === 'es' ? INQUIRY_ADMIN_TEXT.es : INQUIRY_ADMIN_TEXT.en
}

/** A label in both admin languages, as Payload takes it (keyed by language). */
export function bothLanguages(pick: (text: InquiryAdminText) => string): Record<Locale, string> {
  return { en: pick(INQUIRY_ADMIN_TEXT.en), es: pick(INQUIRY_ADMIN_TEXT.es) }
}
