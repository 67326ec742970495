import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SiteFooter } from '@/components/SiteFooter'
import { SiteHeader } from '@/components/SiteHeader'
import { env } from '@/env'
import { messagesFor } from '@/i18n/messages'
import { requestLocale, requestPage } from '@/i18n/request-locale'
import { releaseRenderWhenItEnds } from '@/lib/render-end'
import { pageSettings } from '@/site/settings'
import { pageLocales } from '@/site/translations'

import { brandFont } from './font'
import './site.css'

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b5cad' }

export async function generateMetadata(): Promise<Metadata> {
  const locale = await requestLocale()
  const { siteName, description } = await pageSettings(locale)
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: siteName, template: `%s · ${siteName}` },
    description,
    applicationName: siteName,
  }
}

/**
 * The site's root layout. It sits above `[locale]` (Next.js renders a root not-found page only
 * beside a root layout), so it learns the locale from a request header the project's server sets
 * (src/site/routing.ts).
 */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  releaseRenderWhenItEnds()
  const locale = await requestLocale()
  const t = messagesFor(locale)
  const settings = await pageSettings(locale)
  const page = await requestPage()
  const translations = {
    path: page?.path ?? null,
    query: page?.query ?? '',
    locales: await pageLocales(page?.path ?? null),
  }
  return (
    <html lang={locale} className={brandFont.variable}>
      <body>
        <a href="#content" className="skip-link">
          {t.skipToContent}
        </a>
        <SiteHeader
          locale={locale}
          t={t}
          siteName={settings.siteName}
          links={settings.navigation.headerLinks}
          translations={translations}
        />
        <main id="content">{children}</main>
        <SiteFooter locale={locale} t={t} settings={settings} />
      </body>
    </html>
  )
}
