import type { Metadata } from 'next'

import { InquiryForDevelopers } from '@/components/InquiryForDevelopers'
import { isLocale, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { AGENT_PATHS } from './agent-paths'
import { pageMetadata } from './metadata'
import { notFoundMetadata, notFoundPage } from './not-found'
import { paths } from './routes'
import { pageSettings } from './settings'

type Props = { params: Promise<{ locale: string }> }

/**
 * The page for developers and agents (`/en/developers`, `/es/desarrolladores`): how to send an
 * inquiry from code (HTTP, MCP, the skill, fields, limits, an example) and where the API
 * reference and llms.txt are. Each language's folder answers its own locale only: `/es/developers`
 * and `/en/desarrolladores` are not pages. Linked from the API reference, llms.txt and the footer,
 * never from the contact form, which is for clients.
 */
export function developersRoute(folderLocale: Locale) {
  const ownPage = (locale: string): locale is Locale => isLocale(locale) && locale === folderLocale

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await params
    if (!ownPage(locale)) return notFoundMetadata(isLocale(locale) ? locale : undefined)
    const t = messagesFor(locale).developers
    return pageMetadata({
      locale,
      siteName: (await pageSettings(locale)).siteName,
      pathFor: paths.developers,
      title: t.title,
      description: t.description,
    })
  }

  async function Page({ params }: Props) {
    const { locale } = await params
    if (!ownPage(locale)) return notFoundPage(isLocale(locale) ? locale : undefined)
    const t = messagesFor(locale).developers
    return (
      <div className="container prose">
        <h1>{t.title}</h1>
        <p>
          {t.intro} <a href={paths.contact(locale)}>{t.contactForm}</a>.
        </p>
        <ul>
          <li>
            <a href={AGENT_PATHS.apiReference} hrefLang="en">
              {t.reference}
            </a>
          </li>
          <li>
            <a href={AGENT_PATHS.llms}>{t.llms}</a>
          </li>
        </ul>
        <InquiryForDevelopers locale={locale} />
      </div>
    )
  }

  return { generateMetadata, Page }
}
