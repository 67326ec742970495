import 'server-only'

import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'
import { textResponse } from '@/http/text-response'
import { isLocale } from '@/i18n/locales'

import { documentsFeed, FEED_ITEMS_MAX, RSS_CONTENT_TYPE } from './feed'
import { newestListed, viewFor } from './published-view'
import type { PageCollection } from './routes'

type FeedContext = { params: Promise<{ locale: string }> }

/**
 * GET and HEAD of a collection's RSS feed in the URL's locale, rendered from its newest
 * documents, with the validators every published text resource has (ETag, 304).
 */
export function feedRoute(collection: PageCollection) {
  return withErrorHandling(async (request: Request, context: FeedContext) => {
    const { locale } = await context.params
    if (!isLocale(locale)) throw new ApiError('not_found', 'No feed in that language.')
    const { docs } = await newestListed(collection, locale, FEED_ITEMS_MAX)
    const body = documentsFeed({
      collection,
      locale,
      docs,
      site: await viewFor(collection, locale, docs),
      siteUrl: env.SITE_URL,
    })
    return textResponse(request, { body, contentType: RSS_CONTENT_TYPE })
  })
}
