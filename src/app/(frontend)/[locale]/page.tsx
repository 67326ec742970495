import type { Metadata } from 'next'
import Link from 'next/link'

import { DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { SITE } from '@/site/config'
import { CARD_FIELDS, CASE_STUDY_CARD_FIELDS, listDocuments } from '@/site/content'
import { organizationJsonLd } from '@/site/json-ld'
import { pageSettings } from '@/site/settings'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { env } from '@/env'
import { draftMode } from 'next/headers'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { HOME_LATEST, paths } from '@/site/routes'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const settings = await pageSettings(locale)
  return pageMetadata({
    locale,
    pathFor: paths.home,
    title: `${SITE.name}: ${settings.tagline}`,
    description: settings.description,
  })
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale)
  const [settings, preview, posts, caseStudies] = await Promise.all([
    pageSettings(locale),
    draftMode().then((mode) => mode.isEnabled),
    listDocuments('posts', locale, { limit: HOME_LATEST, select: CARD_FIELDS }),
    listDocuments('case-studies', locale, {
      limit: HOME_LATEST,
      select: CASE_STUDY_CARD_FIELDS,
    }),
  ])
  return (
    <>
      {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
      <JsonLd data={organizationJsonLd(locale, settings)} />
      <section className="hero">
        <div className="container">
          <h1>{settings.hero.heading}</h1>
          <p>{settings.hero.lede}</p>
          <Link className="button" href={settings.hero.ctaLink}>
            {settings.hero.ctaLabel}
          </Link>
        </div>
      </section>
      <div className="container">
        <section aria-labelledby="latest-posts">
          <h2 id="latest-posts">{t.home.latestPosts}</h2>
          <DocumentCards collection="posts" docs={posts.docs} locale={locale} />
          <p className="section-more">
            <Link href={paths.blog(locale)}>{t.home.allPosts}</Link>
          </p>
        </section>
        <section aria-labelledby="featured-case-studies">
          <h2 id="featured-case-studies">{t.home.featuredCaseStudies}</h2>
          <DocumentCards collection="case-studies" docs={caseStudies.docs} locale={locale} />
          <p className="section-more">
            <Link href={paths.caseStudies(locale)}>{t.home.allCaseStudies}</Link>
          </p>
        </section>
      </div>
    </>
  )
}
