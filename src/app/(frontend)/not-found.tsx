import { requestLocale } from '@/i18n/request-locale'
import { NotFoundView } from '@/site/not-found'

/**
 * Next.js's own not-found boundary, for a `notFound()` thrown outside the project's server (see
 * src/site/not-found.tsx): the same view, in the language of the URL.
 */
export default async function NotFound() {
  return <NotFoundView locale={await requestLocale()} />
}
