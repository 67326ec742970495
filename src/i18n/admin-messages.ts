import type { Locale } from './locales'

/**
 * The words of the project's own admin components (notices, list cells, the content-language
 * banner and the per-language status), in each admin language. Kept apart from the site's
 * catalogues (messages/), which are the visitors' words. `admin-labels.test.ts` holds every entry
 * to having Spanish words of its own.
 */
export const ADMIN_MESSAGES = {
  en: {
    failedDeliveries: (count: number) =>
      `Mail delivery failed: ${count === 1 ? '1 inquiry' : `${count} inquiries`} never reached ` +
      'the team. Open the failed inquiries to read them and the error; set "Delivery status" ' +
      'back to "queued" to send one again.',
    allLanguages: 'All languages',
    missingLanguages: (languages: string) => `Missing: ${languages}`,
    /** The content-language banner of every edit view. */
    editingContent: (language: string) => `Editing: ${language} content`,
    contentLanguageHint:
      'Fields marked as translatable are saved in this language only. Switch with the language ' +
      'selector at the top.',
    /** The content languages' names inside a sentence ("Spanish content"). */
    languageNames: { en: 'English', es: 'Spanish' },
    statusHeading: (language: string) => `Status in ${language}`,
    status: {
      published: 'Published',
      draft: 'Draft',
      changed: 'Published — with unpublished changes',
      notTranslated: (language: string) => `Published — not translated (not shown in ${language})`,
      defaults: 'Shown on the site with its default texts (not published yet)',
    },
  },
  es: {
    failedDeliveries: (count: number) =>
      `El envío por correo falló: ${count === 1 ? '1 consulta' : `${count} consultas`} no ` +
      'llegaron al equipo. Abre las consultas fallidas para leerlas y ver el error; vuelve a ' +
      'poner «Estado de entrega» en «En cola» para enviar una de nuevo.',
    allLanguages: 'Todos los idiomas',
    missingLanguages: (languages: string) => `Falta: ${languages}`,
    editingContent: (language: string) => `Editando: contenido en ${language}`,
    contentLanguageHint:
      'Los campos traducibles se guardan solo en este idioma. Cámbialo con el selector de idioma ' +
      'de arriba.',
    languageNames: { en: 'inglés', es: 'español' },
    statusHeading: (language: string) => `Estado en ${language}`,
    status: {
      published: 'Publicado',
      draft: 'Borrador',
      changed: 'Publicado — con cambios sin publicar',
      notTranslated: (language: string) =>
        `Publicado — sin traducir (no se muestra en ${language})`,
      defaults: 'Se muestra en el sitio con sus textos predeterminados (aún sin publicar)',
    },
  },
} satisfies Record<Locale, unknown>

export type AdminMessages = (typeof ADMIN_MESSAGES)[Locale]

/** The words for an admin language (Payload's `i18n.language`); English for any other. */
export function adminMessages(language: unknown): AdminMessages {
  return language === 'es' ? ADMIN_MESSAGES.es : ADMIN_MESSAGES.en
}
