import type { ReactNode } from 'react'

import { isLocale } from '@/i18n/locales'
import { notFoundPage } from '@/site/not-found'

// No generateStaticParams: `next build` queries nothing (it may run without a database); pages
// render on request from the database, so a publish is visible on the next request.

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ locale: string }>
}) {
  const { locale } = await params
  // Not a locale: the not-found page in place of whatever the segments below would render.
  if (!isLocale(locale)) return notFoundPage()
  return children
}
