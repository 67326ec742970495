import 'server-only'

import { draftMode, headers } from 'next/headers'

import { PRIVACY_DEFAULTS, type PrivacyCopy } from '@/globals/privacy-defaults'
import type { Locale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'
import type { PrivacyPage } from '@/payload-types'

export type { PrivacyCopy }

/** A body with no text in it (an editor emptied the field) counts as none. */
const hasText = (body: PrivacyPage['body']): body is NonNullable<PrivacyPage['body']> =>
  JSON.stringify(body?.root?.children ?? []).includes('"text":"')

/** The page as read, its default text filling what this language never had. */
export function privacyOf(locale: Locale, read: Partial<PrivacyPage>): PrivacyCopy {
  const defaults = PRIVACY_DEFAULTS[locale]
  return {
    title: read.title?.trim() || defaults.title,
    body: hasText(read.body) ? read.body : defaults.body,
  }
}

/**
 * The privacy page in `locale`: the published global (pages depend on the `settings` content
 * version, which its tables advance), or, in draft preview for a signed-in editor, the draft.
 * Without fallback to the default language: a text never saved in Spanish reads as the Spanish
 * default, not as the English text.
 */
export async function privacyPage(locale: Locale): Promise<PrivacyCopy> {
  const payload = await getPayloadClient()
  const options = { slug: 'privacy-page', locale, fallbackLocale: false, depth: 0 } as const
  if ((await draftMode()).isEnabled) {
    const user = await signedInUser(payload, { headers: new Headers(await headers()) })
    if (user) {
      return privacyOf(
        locale,
        await payload.findGlobal({ ...options, draft: true, overrideAccess: false, user }),
      )
    }
  }
  return privacyOf(
    locale,
    await payload.findGlobal({ ...options, draft: false, overrideAccess: true }),
  )
}
