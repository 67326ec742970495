'use client'

import {
  Button,
  Drawer,
  PopupList,
  useConfig,
  useListQuery,
  useModal,
  useTranslation,
} from '@payloadcms/ui'
import type { Where } from 'payload'
import { formatAdminURL, mergeListSearchAndWhere } from 'payload/shared'
import { stringify } from 'qs-esm'
import { useEffect, useMemo, useState } from 'react'

import { inquiryAdminText } from '@/i18n/inquiry-admin'
import { INQUIRY_EXPORT_COLUMNS } from '@/inquiries/export-columns'

const DRAWER_SLUG = 'inquiry-export'
const COLLECTION = 'inquiries'

/** The message of an error answer: the project's shape, or the plugin's own. */
async function errorMessage(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: unknown }
    errors?: { message?: unknown }[]
  } | null
  const message = body?.error?.message ?? body?.errors?.[0]?.message
  return typeof message === 'string' && message ? message : null
}

/** `inquiries-2026-11-28.csv`: the day it was exported. */
const fileName = () => `inquiries-${new Date().toISOString().slice(0, 10)}.csv`

/**
 * "Export inquiries" in the inbox list's menu: a dialog in the editor's language that says how
 * many inquiries the list's filters and search select (every page of the list, not the one in
 * view) and downloads them all as CSV, the message among the columns. It replaces the import/
 * export plugin's dialog, whose fields (the export document's name, its collection slug, a limit
 * set to the list's page size) an office manager should not have to understand; it calls the
 * same endpoint, which writes every cell spreadsheet-safe (src/collections/inquiry-export.ts).
 */
export function InquiryExportMenuItem() {
  const { i18n } = useTranslation()
  const words = inquiryAdminText(i18n.language)
  const { config, getEntityConfig } = useConfig()
  const { query } = useListQuery()
  const { isModalOpen, openModal } = useModal()
  const open = isModalOpen(DRAWER_SLUG)
  // The count, with the filter it was made for (the list may change while the dialog is closed).
  const [counted, setCounted] = useState<{ path: string; count: number } | null>(null)
  const [working, setWorking] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const collectionConfig = getEntityConfig({ collectionSlug: COLLECTION })
  // What the list shows: its filters and its search box, as the list itself combines them.
  const listWhere = query?.where
  const search = typeof query?.search === 'string' ? query.search : ''
  const where = useMemo((): Where => {
    const filters = structuredClone((listWhere ?? {}) as Where)
    if (!collectionConfig) return filters
    return mergeListSearchAndWhere({ collectionConfig, search, where: filters })
  }, [collectionConfig, listWhere, search])
  const sort = typeof query?.sort === 'string' && query.sort ? query.sort : '-createdAt'
  const api = config.routes.api
  const countPath = `/${COLLECTION}/count${stringify({ where }, { addQueryPrefix: true })}` as const
  const count = counted?.path === countPath ? counted.count : null

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    fetch(formatAdminURL({ apiRoute: api, path: countPath }), {
      credentials: 'include',
      signal: controller.signal,
    })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ totalDocs: number }>) : null,
      )
      .then((body) => {
        if (typeof body?.totalDocs === 'number') {
          setCounted({ path: countPath, count: body.totalDocs })
        }
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [open, countPath, api])

  const download = async () => {
    setWorking(true)
    setProblem(null)
    try {
      const response = await fetch(formatAdminURL({ apiRoute: api, path: '/exports/download' }), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': i18n.language },
        body: JSON.stringify({
          data: {
            collectionSlug: COLLECTION,
            format: 'csv',
            fields: INQUIRY_EXPORT_COLUMNS,
            where,
            sort,
          },
        }),
      })
      if (!response.ok) {
        setProblem((await errorMessage(response)) ?? words.exportFailed)
        return
      }
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = fileName()
      document.body.appendChild(link)
      link.click()
      link.remove()
      URL.revokeObjectURL(url)
    } catch {
      setProblem(words.exportFailed)
    } finally {
      setWorking(false)
    }
  }

  return (
    <>
      <PopupList.Button
        onClick={() => {
          setProblem(null)
          openModal(DRAWER_SLUG)
        }}
      >
        {words.exportMenu}
      </PopupList.Button>
      <Drawer slug={DRAWER_SLUG} title={words.exportTitle}>
        <div className="inquiry-export">
          <p role="status">{count === null ? words.exportCounting : words.exportCount(count)}</p>
          <p>{words.exportExplained}</p>
          {problem ? (
            <p className="field-error-message" role="alert">
              {problem}
            </p>
          ) : null}
          <Button buttonStyle="primary" disabled={working} onClick={download} size="medium">
            {working ? words.exportWorking : words.exportDownload}
          </Button>
        </div>
      </Drawer>
    </>
  )
}
