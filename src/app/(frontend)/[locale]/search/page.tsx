// /{locale}/search?q=…&page=… – site search: a plain GET form, results paged (src/search/)
import type { Metadata } from 'next'
import { headers } from 'next/headers'

import { setResponseStatus } from '@/http/response-status'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { SEARCH_LIMITS, searchHitPath, type SearchCollection } from '@/search/contract'
import { SEARCH_OUTCOME_STATUS, searchPage } from '@/search/page'
import { formatDate } from '@/site/format'
import { pageSettings } from '@/site/settings'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { paths } from '@/site/routes'

type Props = {
  params: Promise<{ locale: string }>
  searchParams: Promise<{ q?: string | string[]; page?: string | string[] }>
}

/** The label of each kind of hit (one per collection the index holds). */
const KIND_LABEL = {
  posts: 'post',
  'case-studies': 'caseStudy',
  services: 'service',
} as const satisfies Record<SearchCollection, string>

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const t = messagesFor(locale).search
  const q = (await searchParams).q
  const title = typeof q === 'string' && q.trim() ? `${t.title}: ${q.trim()}` : t.title
  return {
    ...pageMetadata({
      locale,
      siteName: (await pageSettings(locale)).siteName,
      pathFor: (target) => paths.search(target),
      title,
      description: t.description,
    }),
    // Result pages are endless and change with every publish: not for search indexes.
    robots: { index: false, follow: true },
  }
}

export default async function SearchPage({ params, searchParams }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale)
  const outcome = await searchPage(locale, await searchParams, await headers())
  if (outcome.kind === 'not-found') return notFoundPage(locale)
  // The status its twin and the API answer the same search with (src/search/page.ts).
  const status = SEARCH_OUTCOME_STATUS[outcome.kind]
  if (status !== 200) setResponseStatus(status)
  const q = outcome.kind === 'form' ? '' : outcome.q
  return (
    <div className="container">
      <h1>{t.search.title}</h1>
      <form role="search" method="get" action={paths.search(locale)} className="search-form">
        <label htmlFor="search-q">{t.search.label}</label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_LIMITS.queryMaxLength}
          required
        />
        <button type="submit" className="button">
          {t.search.submit}
        </button>
      </form>
      {outcome.kind === 'invalid' ? (
        <p className="notice error">{t.search.invalid(SEARCH_LIMITS.queryMaxLength)}</p>
      ) : null}
      {outcome.kind === 'rate-limited' ? (
        <p className="notice error">{t.search.rateLimited(outcome.retryAfterSeconds)}</p>
      ) : null}
      {outcome.kind === 'results' ? (
        <>
          <p className="meta" role="status">
            {outcome.results.totalDocs === 0
              ? t.search.empty(outcome.q)
              : t.search.resultsFor(outcome.results.totalDocs, outcome.q)}
          </p>
          {/* The site's cards (src/components/DocumentCard.tsx, site.css `.cards`): one link each,
              stretched over the card; a list in rank order, without numbers. */}
          <ol className="cards search-results">
            {outcome.results.docs.map((hit) => (
              <li key={`${hit.collection}-${hit.id}`} className="card">
                <div className="card-body">
                  <h2 className="card-title">
                    <a href={searchHitPath(hit.collection, hit.locale, hit.slug)}>{hit.title}</a>
                  </h2>
                  <p className="meta">
                    <span className="card-category">{t.search[KIND_LABEL[hit.collection]]}</span>
                    {hit.publishedAt ? (
                      <>
                        {' · '}
                        <time dateTime={hit.publishedAt}>
                          {formatDate(hit.publishedAt, locale)}
                        </time>
                      </>
                    ) : null}
                  </p>
                  {/* HTML-escaped by markHits (src/search/snippet.ts); only <mark> is markup. */}
                  <p
                    className="card-excerpt snippet"
                    dangerouslySetInnerHTML={{ __html: hit.snippet }}
                  />
                </div>
              </li>
            ))}
          </ol>
          {outcome.results.totalPages > 1 ? (
            <nav className="pagination" aria-label={t.blog.pagination}>
              {outcome.results.hasPrevPage ? (
                <a href={paths.search(locale, outcome.q, outcome.results.page - 1)} rel="prev">
                  ← {t.search.previous}
                </a>
              ) : (
                <span />
              )}
              <span>{t.blog.pageOf(outcome.results.page, outcome.results.totalPages)}</span>
              {outcome.results.hasNextPage ? (
                <a href={paths.search(locale, outcome.q, outcome.results.page + 1)} rel="next">
                  {t.search.next} →
                </a>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
