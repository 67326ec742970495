import { RichText } from '@payloadcms/richtext-lexical/react'
import Link from 'next/link'

import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import type { SiteDocument } from '@/site/content'
import type { SiteSettings } from '@/site/settings'
import { formatDate } from '@/site/format'
import { documentJsonLd } from '@/site/json-ld'
import { asImage, variantsOf } from '@/site/media'
import { readingMinutes } from '@/site/reading-time'
import { paths, type PageCollection } from '@/site/routes'

import { JsonLd } from './JsonLd'
import { MediaImage } from './MediaImage'

/** A post or case study page: the published version, in one locale. */
export function DocumentArticle({
  collection,
  doc,
  locale,
  t,
  related = [],
  settings,
}: {
  collection: PageCollection
  doc: SiteDocument
  locale: Locale
  t: Messages
  /** Other posts to read next (posts only). */
  related?: SiteDocument[]
  /** The site settings (the firm's facts in the JSON-LD). */
  settings: SiteSettings
}) {
  const cover = asImage(doc.coverImage)
  const categories = (doc.categories ?? []).flatMap((category) =>
    typeof category === 'object' && category ? [category] : [],
  )
  const client = 'client' in doc ? doc.client : null
  const industry = 'industry' in doc ? doc.industry : null
  const listPath = collection === 'posts' ? paths.blog(locale) : paths.caseStudies(locale)
  return (
    <article className="container document">
      <JsonLd data={documentJsonLd(collection, doc, locale, settings)} />
      <header className="prose">
        <h1>{doc.title}</h1>
        {doc.publishedAt ? (
          <p className="meta">
            {t.document.publishedOn}{' '}
            <time dateTime={doc.publishedAt}>{formatDate(doc.publishedAt, locale)}</time>
            {collection === 'posts' ? (
              <span className="reading-time">
                {' · '}
                {t.document.readingTime(readingMinutes(doc.content))}
              </span>
            ) : null}
          </p>
        ) : null}
        {doc.excerpt ? <p className="excerpt">{doc.excerpt}</p> : null}
        {client || industry ? (
          <dl className="facts">
            {client ? (
              <>
                <dt>{t.caseStudies.client}</dt>
                <dd>{client}</dd>
              </>
            ) : null}
            {industry ? (
              <>
                <dt>{t.caseStudies.industry}</dt>
                <dd>{industry}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </header>
      {cover ? (
        <MediaImage
          className="cover"
          alt={cover.alt ?? ''}
          variants={variantsOf(cover, ['large', 'card', 'thumbnail'])}
          width={cover.width ?? 1600}
          height={cover.height ?? 900}
          sizes="(min-width: 1100px) 1100px, 100vw"
          priority
        />
      ) : null}
      <div className="prose">
        {doc.content ? <RichText data={doc.content} /> : null}
        {categories.length > 0 ? (
          <>
            <h2>{t.document.categories}</h2>
            <ul className="tags">
              {categories.map((category) => (
                <li key={category.id}>
                  {collection === 'posts' && category.slug ? (
                    <Link href={paths.category(locale, category.slug)}>{category.title}</Link>
                  ) : (
                    category.title
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {related.length > 0 ? (
          <section className="related" aria-labelledby="related-heading">
            <h2 id="related-heading">{t.document.related}</h2>
            <ul>
              {related.map((other) => (
                <li key={other.id}>
                  <Link href={paths.post(locale, other.slug)}>{other.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p>
          <Link href={listPath}>← {t.document.back}</Link>
        </p>
      </div>
    </article>
  )
}
