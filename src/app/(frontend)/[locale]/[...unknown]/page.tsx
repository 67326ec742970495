import { notFound } from 'next/navigation'

/** Any other path under a locale is a real 404 with the site's localized not-found page. */
export default function UnknownPage() {
  notFound()
}
