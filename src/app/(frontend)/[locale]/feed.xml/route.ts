// GET /{locale}/feed.xml – RSS 2.0 feed of the published posts in one locale
import { isLocale } from '@/i18n/locales'
import { postsFeed } from '@/site/feed'

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  if (!isLocale(locale)) return new Response('Not found', { status: 404 })
  return new Response(await postsFeed(locale), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  })
}
