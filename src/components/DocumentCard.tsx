import Link from 'next/link'

import type { Locale } from '@/i18n/locales'
import { formatDate } from '@/site/format'
import { asImage, variantsOf } from '@/site/media'
import type { SiteDocument } from '@/site/content'
import { paths, type PageCollection } from '@/site/routes'

import { MediaImage } from './MediaImage'

export function DocumentCard({
  doc,
  href,
  locale,
  readMore,
  headingLevel = 3,
}: {
  doc: SiteDocument
  href: string
  locale: Locale
  readMore: string
  headingLevel?: 2 | 3
}) {
  const cover = asImage(doc.coverImage)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <li className="card">
      {cover ? (
        <MediaImage
          alt={cover.alt ?? ''}
          variants={variantsOf(cover, ['card', 'thumbnail'])}
          width={800}
          height={450}
          sizes="(min-width: 1100px) 350px, (min-width: 700px) 50vw, 100vw"
        />
      ) : null}
      <div className="card-body">
        <Heading>
          <Link href={href}>{doc.title}</Link>
        </Heading>
        {doc.publishedAt ? (
          <p className="meta">
            <time dateTime={doc.publishedAt}>{formatDate(doc.publishedAt, locale)}</time>
          </p>
        ) : null}
        {doc.excerpt ? <p>{doc.excerpt}</p> : null}
        <Link href={href} aria-label={`${readMore}: ${doc.title}`}>
          {readMore}
        </Link>
      </div>
    </li>
  )
}

/** A grid of cards linking to the documents' pages. */
export function DocumentCards({
  collection,
  docs,
  locale,
  readMore,
  headingLevel,
}: {
  collection: PageCollection
  docs: SiteDocument[]
  locale: Locale
  readMore: string
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
          readMore={readMore}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  )
}
