import type { Metadata } from 'next'
import { draftMode } from 'next/headers'
import { cache } from 'react'

import { DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { env } from '@/env'
import { isLocale, LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { pageMetadata } from './metadata'
import { notFoundMetadata, notFoundPage } from './not-found'
import { paths } from './routes'
import { serviceJsonLd } from './service-json-ld'
import { listedServices, serviceByKey } from './services'
import { pageSettings } from './settings'

type Props = { params: Promise<{ locale: string; slug: string }> }

/** A text's paragraphs: editors separate them with a blank line. */
const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)

/**
 * One service's page (`/en/services/{key}`, `/es/servicios/{key}`): what we do, a typical
 * engagement, the related case studies and posts, and the invitation to talk; JSON-LD `Service`.
 * Each language's folder answers its own locale only. A service not translated into the page's
 * language is not there (src/site/services.ts); in draft preview, the editor's latest draft.
 */
export function serviceRoute(folderLocale: Locale) {
  const ownPage = (locale: string): locale is Locale => isLocale(locale) && locale === folderLocale
  // Read once per request: the metadata and the page both need it.
  const service = cache((locale: Locale, key: string) => serviceByKey(locale, key))

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, slug } = await params
    if (!ownPage(locale)) return notFoundMetadata(isLocale(locale) ? locale : undefined)
    const found = await service(locale, slug)
    if (!found) return notFoundMetadata(locale)
    const listedIn = await Promise.all(
      LOCALES.map(async (other) =>
        (await listedServices(other)).some(({ key }) => key === found.key) ? other : null,
      ),
    )
    return pageMetadata({
      locale,
      siteName: (await pageSettings(locale)).siteName,
      pathFor: (target) => paths.service(target, found.key),
      title: found.title,
      description: found.summary,
      modifiedTime: found.updatedAt,
      locales: listedIn.filter((other) => other !== null),
    })
  }

  async function Page({ params }: Props) {
    const { locale, slug } = await params
    if (!ownPage(locale)) return notFoundPage(isLocale(locale) ? locale : undefined)
    const [found, settings, preview] = await Promise.all([
      service(locale, slug),
      pageSettings(locale),
      draftMode().then((mode) => mode.isEnabled),
    ])
    if (!found) return notFoundPage(locale)
    const t = messagesFor(locale)
    const s = t.servicePage
    return (
      <article className="container service-page">
        {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
        <JsonLd data={serviceJsonLd(locale, found, settings)} />
        <div className="prose">
          <p className="eyebrow">
            <a href={`${paths.home(locale)}#home-services`}>{s.services}</a>
          </p>
          <h1>{found.title}</h1>
          <p className="lede">{found.summary}</p>
          {found.whatWeDo ? (
            <section aria-labelledby="service-what">
              <h2 id="service-what">{s.whatWeDo}</h2>
              {paragraphs(found.whatWeDo).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ) : null}
          {found.engagement ? (
            <section aria-labelledby="service-engagement">
              <h2 id="service-engagement">{s.engagement}</h2>
              {paragraphs(found.engagement).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ) : null}
        </div>
        {found.caseStudies.length > 0 ? (
          <section className="home-section" aria-labelledby="service-case-studies">
            <h2 id="service-case-studies">{s.caseStudies}</h2>
            <DocumentCards collection="case-studies" docs={found.caseStudies} locale={locale} />
          </section>
        ) : null}
        {found.posts.length > 0 ? (
          <section className="home-section" aria-labelledby="service-posts">
            <h2 id="service-posts">{s.posts}</h2>
            <DocumentCards collection="posts" docs={found.posts} locale={locale} />
          </section>
        ) : null}
        <aside className="contact-cta" aria-labelledby="service-talk">
          <h2 id="service-talk">{s.talk}</h2>
          <p>{t.document.cta.body}</p>
          <a className="button" href={paths.contact(locale)}>
            {t.document.cta.button}
          </a>
        </aside>
      </article>
    )
  }

  return { generateMetadata, Page }
}
