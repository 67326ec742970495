import { asAdmin, asAdminJson } from './api'

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
