import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'

import { isLocale } from '@/i18n/locales'

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
  if (!isLocale(locale)) notFound()
  return children
}
