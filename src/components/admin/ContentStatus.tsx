'use client'

import { useConfig, useDocumentInfo, useLocale, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useState } from 'react'

import { contentStatus, type StatusFacts } from '@/content-language/status'
import { statusText } from '@/content-language/status-text'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/i18n/locales'

export interface ContentStatusProps {
  kind: StatusFacts['kind']
  /** The listed rule applies (posts, case studies): their languages are read from the server. */
  listed?: boolean
}

const localesOf = (value: unknown): Locale[] | null =>
  Array.isArray(value) ? LOCALES.filter((locale) => value.includes(locale)) : null

/**
 * The status of the document in the content language being edited, in place of Payload's
 * (`admin.components.edit.Status`), whose "Published" is the document's in every language. See
 * src/content-language/status.ts for what each status means; Payload's own classes keep its look.
 * The languages a post or case study is translated into are read again after every save, from
 * `GET /api/{collection}/{id}/languages` (src/content-language/endpoint.ts).
 */
export function ContentStatus({ kind, listed = false }: ContentStatusProps) {
  const { id, collectionSlug, hasPublishedDoc, unpublishedVersionCount, versionCount } =
    useDocumentInfo()
  const { code } = useLocale()
  const { i18n, t } = useTranslation()
  const { config } = useConfig()
  const [titledIn, setTitledIn] = useState<Locale[] | null>(null)
  const locale = isLocale(code) ? code : DEFAULT_LOCALE
  const api = config.routes.api
  const needsLanguages = listed && Boolean(id && collectionSlug && hasPublishedDoc)

  useEffect(() => {
    if (!needsLanguages) return
    const controller = new AbortController()
    const url = formatAdminURL({ apiRoute: api, path: `/${collectionSlug}/${id}/languages` })
    fetch(url, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { translatedIn?: unknown } | null) => setTitledIn(localesOf(body?.translatedIn)))
      .catch(() => undefined)
    return () => controller.abort()
    // Saving or publishing changes the version counts: the languages are read again.
  }, [
    needsLanguages,
    api,
    collectionSlug,
    id,
    hasPublishedDoc,
    unpublishedVersionCount,
    versionCount,
  ])

  // Until a published document's languages are known, nothing rather than a guess.
  if (needsLanguages && titledIn === null) return null
  const status = contentStatus({
    kind,
    locale,
    hasPublished: hasPublishedDoc,
    unpublishedChanges: unpublishedVersionCount,
    titledIn: listed ? titledIn : null,
  })
  const text = statusText(status, locale, i18n.language)
  const label = t('version:status')
  return (
    <div className="status content-status" data-content-status={status} title={`${label}: ${text}`}>
      <div className="status__value-wrap">
        <span className="status__label">{`${label}: `}</span>
        <span className="status__value">{text}</span>
      </div>
    </div>
  )
}
