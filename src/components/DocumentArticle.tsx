import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { coverSizes } from '@/media/image-loader'
import { caseStudySummary, hasSummary, type CaseStudySummary } from '@/site/case-study'
import { authorOf } from '@/site/people'
import type { SiteDocument } from '@/site/content'
import type { SiteSettings } from '@/site/settings'
import { formatDate } from '@/site/format'
import { documentJsonLd } from '@/site/json-ld'
import { asImage, variantsOf } from '@/site/media'
import { readingMinutes } from '@/site/reading-time'
import { paths, type PageCollection } from '@/site/routes'

import { ContactCallToAction } from './ContactCallToAction'
import { CreditedImage } from './CreditedImage'
import { Byline, CaseStudyQuote } from './PeopleAndProof'
import { DocumentCards } from './DocumentCard'
import { JsonLd } from './JsonLd'
import { MediaImage } from './MediaImage'
import { RichTextBody } from './RichTextBody'

/** The widest a cover is shown (the container), and the page's side margins together. */
const COVER_SLOT = 1100
const PAGE_GUTTER = 40

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
  const summary = collection === 'case-studies' ? caseStudySummary(doc) : null
  const author = authorOf(doc.author)
  const listPath = collection === 'posts' ? paths.blog(locale) : paths.caseStudies(locale)
  return (
    <article className="container document">
      <JsonLd data={documentJsonLd(collection, doc, locale, settings)} />
      <header className="prose">
        <h1>{doc.title}</h1>
        {/* A post is dated news; a case study is a portfolio piece, read for what it shows. */}
        {collection === 'posts' && doc.publishedAt ? (
          <p className="meta">
            {t.document.publishedOn}{' '}
            <time dateTime={doc.publishedAt}>{formatDate(doc.publishedAt, locale)}</time>
            <span className="reading-time">
              {' · '}
              {t.document.readingTime(readingMinutes(doc.content))}
            </span>
          </p>
        ) : null}
        {doc.excerpt ? <p className="excerpt">{doc.excerpt}</p> : null}
        {author ? <Byline author={author} locale={locale} linked={settings.aboutPage} /> : null}
      </header>
      {cover ? (
        <CreditedImage media={cover} className="cover-figure">
          <MediaImage
            className="cover"
            alt={cover.alt ?? ''}
            variants={variantsOf(cover, ['large', 'card', 'thumbnail'])}
            // The image's own size: shown at most that wide (site.css), never stretched.
            width={cover.width ?? COVER_SLOT}
            height={cover.height ?? Math.round((COVER_SLOT * 9) / 16)}
            sizes={coverSizes(cover.width ?? COVER_SLOT, COVER_SLOT, PAGE_GUTTER)}
            priority
          />
        </CreditedImage>
      ) : null}
      {summary && hasSummary(summary) ? <CaseStudySummaryPanel summary={summary} t={t} /> : null}
      {collection === 'case-studies' ? (
        <CaseStudyQuote caseStudyId={doc.id} locale={locale} />
      ) : null}
      <div className="prose">
        {doc.content ? <RichTextBody content={doc.content} eagerFirstImage={!cover} /> : null}
        {categories.length > 0 ? (
          <>
            <h2>{t.document.categories}</h2>
            <ul className="tags">
              {categories.map((category) => (
                <li key={category.id}>
                  {collection === 'posts' && category.slug ? (
                    <a href={paths.category(locale, category.slug)}>{category.title}</a>
                  ) : (
                    category.title
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {related.length > 0 ? (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading">{t.document.related}</h2>
          <DocumentCards collection="posts" docs={related} locale={locale} />
        </section>
      ) : null}
      <ContactCallToAction locale={locale} t={t} />
      <p>
        <a href={listPath}>← {t.document.back}</a>
      </p>
    </article>
  )
}

/** The summary above a case study's story: who, the problem, what was built, the key figures. */
function CaseStudySummaryPanel({ summary, t }: { summary: CaseStudySummary; t: Messages }) {
  return (
    <section className="case-summary" aria-label={t.caseStudies.summary}>
      {summary.client || summary.industry ? (
        <dl className="facts">
          {summary.client ? (
            <>
              <dt>{t.caseStudies.client}</dt>
              <dd>{summary.client}</dd>
            </>
          ) : null}
          {summary.industry ? (
            <>
              <dt>{t.caseStudies.industry}</dt>
              <dd>{summary.industry}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {summary.challenge ? (
        <div>
          <h2>{t.caseStudies.challenge}</h2>
          <p>{summary.challenge}</p>
        </div>
      ) : null}
      {summary.solution ? (
        <div>
          <h2>{t.caseStudies.solution}</h2>
          <p>{summary.solution}</p>
        </div>
      ) : null}
      {summary.results.length > 0 ? (
        <div>
          <h2>{t.caseStudies.results}</h2>
          <ul className="results">
            {summary.results.map((result) => (
              <li key={`${result.value} ${result.label}`}>
                <span className="result-value">{result.value}</span>{' '}
                <span className="result-label">{result.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
