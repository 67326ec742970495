import type { Metadata, Viewport } from 'next'
import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'

import { SiteFooter } from '@/components/SiteFooter'
import { SiteHeader } from '@/components/SiteHeader'
import { env } from '@/env'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { SITE } from '@/site/config'

import './site.css'

// No generateStaticParams: `next build` queries nothing (it may run without a database); pages
// render on first request and stay cached until a publish revalidates them.

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b5cad' }

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>
}): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: SITE.name, template: `%s · ${SITE.name}` },
    description: SITE.description[locale],
    applicationName: SITE.name,
  }
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ locale: string }>
}) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  const t = messagesFor(locale)
  return (
    <html lang={locale}>
      <body>
        <a href="#content" className="skip-link">
          {t.skipToContent}
        </a>
        <SiteHeader locale={locale} t={t} />
        <main id="content">{children}</main>
        <SiteFooter locale={locale} t={t} />
      </body>
    </html>
  )
}
