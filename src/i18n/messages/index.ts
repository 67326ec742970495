import type { Locale } from '../locales'

import { en, type Messages } from './en'
import { es } from './es'

/** One message catalogue per locale. */
export const MESSAGES: Record<Locale, Messages> = { en, es }

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale]
}

export type { Messages }
