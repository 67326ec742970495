import type { Locale } from './locales'

/**
 * A word of the admin in both of its languages, as Payload takes labels, descriptions and option
 * labels (`{ en, es }`, picked by each editor's admin language). Every label the project gives
 * Payload is one of these; `admin-labels.test.ts` walks the configuration to hold it so.
 */
export type AdminText = Record<Locale, string>

/** The words several collections and globals share, so each is translated once. */
export const ADMIN_WORDS = {
  title: { en: 'Title', es: 'Título' },
  slug: { en: 'Slug', es: 'Slug' },
  slugDescription: {
    en: 'URL segment; filled from the title when empty.',
    es: 'Segmento de la URL; se rellena a partir del título si se deja vacío.',
  },
  description: { en: 'Description', es: 'Descripción' },
  heading: { en: 'Heading', es: 'Encabezado' },
  intro: { en: 'Intro', es: 'Introducción' },
  settingsGroup: { en: 'Settings', es: 'Ajustes' },
  name: { en: 'Name', es: 'Nombre' },
  email: { en: 'Email', es: 'Correo electrónico' },
  url: { en: 'URL', es: 'URL' },
} as const satisfies Record<string, AdminText>

/** The words of an admin language (Payload's `i18n.language`); English for any other. */
export function inAdminLanguage(text: AdminText, language: unknown): string {
  return language === 'es' ? text.es : text.en
}

/**
 * The content languages as the admin names them, in the editor's own language (the locale
 * selector, language options): "Español" beside "English" in a Spanish admin, not the language's
 * own name mixed into either.
 */
export const ADMIN_LOCALE_LABELS = {
  en: { en: 'English', es: 'Inglés' },
  es: { en: 'Spanish', es: 'Español' },
} as const satisfies Record<Locale, AdminText>

/**
 * The admin's date format (Payload's `admin.dateFormat` is one string for every language): a
 * date-fns localized token, so each language writes dates its own way ("Nov 28, 2026, 3:04 PM",
 * "28 nov 2026, 15:04"), where a pattern of literal words would read "noviembre 28º 2026".
 */
export const ADMIN_DATE_FORMAT = 'PPp'
