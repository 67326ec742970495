import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import type { ReactElement } from 'react'

import { currentRequestPath, MOVED_PERMANENTLY, setResponseStatus } from '@/http/response-status'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { requestLocale } from '@/i18n/request-locale'
import { movedTo } from '@/redirects/lookup'
import { SEARCH_LIMITS } from '@/search/contract'

import { paths } from './routes'

/**
 * The site's not-found view, in `locale`: what happened, a search box (the site search) and the
 * main sections, so a visitor who followed a stale link still finds their way.
 */
export function NotFoundView({ locale }: { locale: Locale }) {
  const messages = messagesFor(locale)
  const t = messages.notFound
  const sections = [
    { href: paths.home(locale), label: messages.nav.home },
    { href: paths.blog(locale), label: messages.nav.blog },
    { href: paths.caseStudies(locale), label: messages.nav.caseStudies },
    { href: paths.contact(locale), label: messages.nav.contact },
  ]
  return (
    <div className="container prose not-found">
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <form role="search" method="get" action={paths.search(locale)} className="search-form">
        <label htmlFor="not-found-q">{t.searchLabel}</label>
        <input
          id="not-found-q"
          type="search"
          name="q"
          maxLength={SEARCH_LIMITS.queryMaxLength}
          required
        />
        <button type="submit" className="button">
          {messages.search.submit}
        </button>
      </form>
      <h2>{t.sections}</h2>
      <ul className="section-links">
        {sections.map((section) => (
          <li key={section.href}>
            <a href={section.href}>{section.label}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * What a page renders when its URL names nothing: the not-found view, server-rendered inside the
 * site's layout, with a 404 status (see src/http/response-status.ts for why this isn't Next.js's
 * `notFound()`, which remains the fallback outside the project's server). `locale` defaults to
 * the URL's (from the site routing's header), for URLs whose locale segment is not a locale.
 *
 * Only here, where the site has found nothing, are the editors' redirects asked (src/redirects/):
 * a path one moved answers 301 to its new place, so found pages and cached pages never pay for
 * the lookup, and a redirect never hides a live page.
 */
export async function notFoundPage(locale?: Locale): Promise<ReactElement> {
  const path = currentRequestPath()
  const target = path === undefined ? null : await movedTo(path)
  if (target !== null) {
    setResponseStatus(MOVED_PERMANENTLY)
    permanentRedirect(target)
  }
  if (!setResponseStatus(404)) notFound()
  return <NotFoundView locale={locale ?? (await requestLocale())} />
}

/** The not-found page's head: its localized title, and kept out of search indexes. */
export async function notFoundMetadata(locale?: Locale): Promise<Metadata> {
  const t = messagesFor(locale ?? (await requestLocale())).notFound
  return { title: t.title, robots: { index: false, follow: true } }
}
