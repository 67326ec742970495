import { expect } from 'vitest'

import { paths } from '@/site/routes'

import { asAdmin, asAdminJson, get } from './api'
import { poll } from './poll'

/**
 * Services for the agent-surface tests (schema.jsonl, llms-full.txt, the MCP services prompt). A
 * service's key is unique and one of the inquiry contract's values, so a test removes any service
 * an earlier run left with its key, and removes its own when done (`removeServices`).
 */

export interface ServiceTexts {
  title: string
  summary: string
  whatWeDo?: string
  engagement?: string
}

const created: number[] = []

/**
 * A service with `key`, in English and (when given) Spanish: published, or a draft never
 * published. Any service with the same key is removed first.
 */
export async function createService(
  key: string,
  texts: { en: ServiceTexts; es?: ServiceTexts },
  status: 'published' | 'draft' = 'published',
): Promise<number> {
  const existing = await asAdminJson<{ docs: { id: number }[] }>(
    `/api/services?where[key][equals]=${key}&draft=true&depth=0&limit=10`,
  )
  for (const { id } of existing.docs) await asAdmin(`/api/services/${id}`, { method: 'DELETE' })
  const draft = status === 'draft' ? '&draft=true' : ''
  const { doc } = await asAdminJson<{ doc: { id: number } }>(`/api/services?locale=en${draft}`, {
    method: 'POST',
    body: JSON.stringify({ key, ...texts.en, _status: status }),
  })
  created.push(doc.id)
  if (texts.es) {
    await asAdminJson(`/api/services/${doc.id}?locale=es${draft}`, {
      method: 'PATCH',
      body: JSON.stringify({ ...texts.es, _status: status }),
    })
  }
  return doc.id
}

/** Publishes `texts` of a service in `locale` (a change every surface showing it must show). */
export async function publishServiceTexts(
  id: number,
  locale: 'en' | 'es',
  texts: Partial<ServiceTexts>,
): Promise<void> {
  await asAdminJson(`/api/services/${id}?locale=${locale}`, {
    method: 'PATCH',
    body: JSON.stringify({ ...texts, _status: 'published' }),
  })
}

/** Saves `texts` as a newer draft of a published service: the public still sees the published. */
export async function saveServiceDraft(
  id: number,
  locale: 'en' | 'es',
  texts: Partial<ServiceTexts>,
): Promise<void> {
  await asAdminJson(`/api/services/${id}?locale=${locale}&draft=true`, {
    method: 'PATCH',
    body: JSON.stringify({ ...texts, _status: 'draft' }),
  })
}

/** Unpublishes a service (its published version becomes a draft). */
export async function unpublishService(id: number): Promise<void> {
  await asAdminJson(`/api/services/${id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify({ _status: 'draft' }),
  })
}

/** Removes every service this module created. */
export async function removeServices(): Promise<void> {
  for (const id of created.splice(0)) await asAdmin(`/api/services/${id}`, { method: 'DELETE' })
}

/**
 * That the file at `path` (a file of every page) shows the Spanish service `id` (key `cloud`)
 * renamed from `title` at once, with a new validator, and drops it once unpublished; `shown` is
 * how the file writes a title.
 */
export async function expectServiceFreshness(
  path: string,
  id: number,
  title: string,
  shown: (title: string) => string,
): Promise<void> {
  const before = await get(path)
  const etag = before.headers.get('etag')!
  expect(await before.text()).toContain(shown(title))
  await publishServiceTexts(id, 'es', { title: 'Nube renovada' })
  const changed = await poll(`the changed service in ${path}`, async () => {
    const text = await (await get(path)).text()
    return text.includes(shown('Nube renovada')) ? text : undefined
  })
  expect(changed).not.toContain(shown(title))
  const after = await get(path, { headers: { 'If-None-Match': etag } })
  expect(after.status).toBe(200)
  expect(after.headers.get('etag')).not.toBe(etag)
  await after.arrayBuffer()
  await unpublishService(id)
  await poll(`the unpublished service gone from ${path}`, async () => {
    const text = await (await get(path)).text()
    return text.includes(paths.service('es', 'cloud')) ? undefined : text
  })
}
