import type { Metadata } from 'next'
import Link from 'next/link'

import { DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { SITE } from '@/site/config'
import { CARD_FIELDS, listDocuments } from '@/site/content'
import { organizationJsonLd } from '@/site/json-ld'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { paths } from '@/site/routes'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  return pageMetadata({
    locale,
    pathFor: paths.home,
    title: `${SITE.name}: ${SITE.tagline[locale]}`,
    description: SITE.description[locale],
  })
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale)
  const [posts, caseStudies] = await Promise.all([
    listDocuments('posts', locale, { limit: 3, select: CARD_FIELDS }),
    listDocuments('case-studies', locale, { limit: 3, select: CARD_FIELDS }),
  ])
  return (
    <>
      <JsonLd data={organizationJsonLd(locale)} />
      <section className="hero">
        <div className="container">
          <h1>{t.home.title}</h1>
          <p>{t.home.intro}</p>
          <Link className="button" href={paths.contact(locale)}>
            {t.home.cta}
          </Link>
        </div>
      </section>
      <div className="container">
        <section aria-labelledby="latest-posts">
          <h2 id="latest-posts">{t.home.latestPosts}</h2>
          <DocumentCards
            collection="posts"
            docs={posts.docs}
            locale={locale}
            readMore={t.blog.readMore}
          />
          <p>
            <Link href={paths.blog(locale)}>{t.home.allPosts}</Link>
          </p>
        </section>
        <section aria-labelledby="featured-case-studies">
          <h2 id="featured-case-studies">{t.home.featuredCaseStudies}</h2>
          <DocumentCards
            collection="case-studies"
            docs={caseStudies.docs}
            locale={locale}
            readMore={t.caseStudies.readMore}
          />
          <p>
            <Link href={paths.caseStudies(locale)}>{t.home.allCaseStudies}</Link>
          </p>
        </section>
      </div>
    </>
  )
}
