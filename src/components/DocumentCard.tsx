import type { Locale } from '@/i18n/locales'
import type { KeyResult } from '@/site/case-study'
import type { SiteDocument } from '@/site/content'
import { cardCategory } from '@/site/card'
import { formatDate } from '@/site/format'
import { asImage, variantsOf } from '@/site/media'
import { paths, type PageCollection } from '@/site/routes'

import { MediaImage } from './MediaImage'

/** What a card's image slot is at most wide, in CSS pixels, at each layout (site.css `.cards`). */
const CARD_SIZES = '(min-width: 1100px) 350px, (min-width: 700px) 50vw, 100vw'

/**
 * The one card of every list of posts and case studies (home, blog, case studies, category pages,
 * related posts): cover, title, category and date, excerpt. The title's link is stretched over
 * the card (site.css), so the whole card is one link and one tab stop, named by the title.
 */
export function DocumentCard({
  doc,
  href,
  locale,
  headingLevel = 3,
  headline,
}: {
  doc: SiteDocument
  href: string
  locale: Locale
  headingLevel?: 2 | 3
  /** A case study's figure that sells it (the home page's proof section). */
  headline?: KeyResult | null
}) {
  const cover = asImage(doc.coverImage)
  const category = cardCategory(doc)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <li className="card">
      {cover ? (
        <MediaImage
          alt={cover.alt ?? ''}
          variants={variantsOf(cover, ['card', 'thumbnail'])}
          width={800}
          height={450}
          sizes={CARD_SIZES}
        />
      ) : null}
      <div className="card-body">
        <Heading className="card-title">
          <a href={href}>{doc.title}</a>
        </Heading>
        {category || doc.publishedAt ? (
          <p className="meta">
            {category ? <span className="card-category">{category}</span> : null}
            {category && doc.publishedAt ? ' · ' : null}
            {doc.publishedAt ? (
              <time dateTime={doc.publishedAt}>{formatDate(doc.publishedAt, locale)}</time>
            ) : null}
          </p>
        ) : null}
        {headline ? (
          <p className="card-result">
            <strong className="result-value">{headline.value}</strong>{' '}
            <span className="result-label">{headline.label}</span>
          </p>
        ) : null}
        {doc.excerpt ? <p className="card-excerpt">{doc.excerpt}</p> : null}
      </div>
    </li>
  )
}

/** A grid of cards linking to the documents' pages. */
export function DocumentCards({
  collection,
  docs,
  locale,
  headingLevel,
}: {
  collection: PageCollection
  docs: SiteDocument[]
  locale: Locale
  headingLevel?: 2 | 3
}) {
  return (
    <ul className="cards">
      {docs.map((doc) => (
        <DocumentCard
          key={doc.id}
          doc={doc}
          locale={locale}
          href={paths.document(collection, locale, doc.slug)}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  )
}
