import { LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { SEARCH_LIMITS, searchHitPath } from '@/search/contract'
import type { SearchPageOutcome } from '@/search/page'
import { snippetSegments } from '@/search/snippet'
import { paths } from '@/site/routes'
import { absoluteUrl, twinUrl } from '@/site/view'

import { textParagraph } from './document'
import { escapeInline, headingText, markdownLink } from './escape'
import { frontmatter } from './frontmatter'

/*
 * The twins of the search page and the category pages, in the shape of the other page twins
 * (frontmatter, title, the page's content as lists of links to twins).
 */

function twinPage(
  fields: { title: string; description: string; url: string; locale: Locale },
  alternates: Record<string, string>,
  blocks: (string | null)[],
): string {
  const head = frontmatter({
    title: fields.title,
    description: fields.description,
    url: fields.url,
    lang: fields.locale,
    alternates,
  })
  const body = [head, `# ${headingText(fields.title)}`, ...blocks]
  return `${body.filter((block): block is string => Boolean(block?.trim())).join('\n\n')}\n`
}

const alternatesOf = (siteUrl: string, locale: Locale, pathIn: (other: Locale) => string) =>
  Object.fromEntries(
    LOCALES.filter((other) => other !== locale).map((other) => [
      other,
      twinUrl(siteUrl, pathIn(other)),
    ]),
  )

/** A snippet in markdown: text escaped, hits in bold. */
function snippetMarkdown(html: string): string {
  return snippetSegments(html)
    .map(({ text, hit }) => (hit ? `**${escapeInline(text)}**` : escapeInline(text)))
    .join('')
}

/** `/{locale}/search.md?q=…&page=…`: the results the search page shows, as a list of twins. */
export function searchMarkdown(input: {
  siteUrl: string
  locale: Locale
  outcome: Exclude<SearchPageOutcome, { kind: 'not-found' }>
}): string {
  const { siteUrl, locale, outcome } = input
  const t = messagesFor(locale).search
  const q = outcome.kind === 'form' ? undefined : outcome.q
  const blocks: (string | null)[] = [textParagraph(t.description)]
  if (outcome.kind === 'invalid')
    blocks.push(textParagraph(t.invalid(SEARCH_LIMITS.queryMaxLength)))
  if (outcome.kind === 'rate-limited') {
    blocks.push(textParagraph(t.rateLimited(outcome.retryAfterSeconds)))
  }
  if (outcome.kind === 'results') {
    const { results } = outcome
    blocks.push(
      textParagraph(
        results.totalDocs === 0 ? t.empty(outcome.q) : t.resultsFor(results.totalDocs, outcome.q),
      ),
    )
    blocks.push(
      results.docs
        .map((hit) => {
          const link = markdownLink(
            hit.title,
            twinUrl(siteUrl, searchHitPath(hit.collection, hit.locale, hit.slug)),
          )
          const snippet = snippetMarkdown(hit.snippet)
          return snippet ? `- ${link}: ${snippet}` : `- ${link}`
        })
        .join('\n'),
    )
    const pager: string[] = []
    if (results.hasPrevPage) {
      pager.push(
        `- ${markdownLink(t.previous, twinUrl(siteUrl, paths.search(locale, outcome.q, results.page - 1)))}`,
      )
    }
    if (results.hasNextPage) {
      pager.push(
        `- ${markdownLink(t.next, twinUrl(siteUrl, paths.search(locale, outcome.q, results.page + 1)))}`,
      )
    }
    blocks.push(pager.join('\n'))
  }
  return twinPage(
    {
      title: q ? `${t.title}: ${q}` : t.title,
      description: t.description,
      url: absoluteUrl(
        siteUrl,
        paths.search(locale, q, outcome.kind === 'results' ? outcome.results.page : 1),
      ),
      locale,
    },
    alternatesOf(siteUrl, locale, (other) => paths.search(other, q)),
    blocks,
  )
}
