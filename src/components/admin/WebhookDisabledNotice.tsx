import { Banner } from '@payloadcms/ui/elements/Banner'
import type { CollectionSlug, Payload, Where } from 'payload'

import { isAdmin } from '@/access/admins'
import { WEBHOOK_ENDPOINTS } from '@/webhooks/settings'

/** Endpoints the worker disabled (an admin's own switch-off records no reason). */
export const DISABLED_ENDPOINTS_WHERE: Where = {
  and: [{ enabled: { equals: false } }, { disabledReason: { exists: true } }],
}

const DISABLED_ENDPOINTS_QUERY = new URLSearchParams({
  'where[and][0][enabled][equals]': 'false',
  'where[and][1][disabledReason][exists]': 'true',
}).toString()

const TEXT = {
  en: (count: number) =>
    `Webhooks: ${count === 1 ? '1 endpoint was' : `${count} endpoints were`} disabled after ` +
    'failing again and again. Their deliveries wait; fix the receiver, send a test event, then ' +
    'enable the endpoint to send them.',
  es: (count: number) =>
    `Webhooks: ${count === 1 ? '1 endpoint se desactivó' : `${count} endpoints se desactivaron`} ` +
    'tras fallar una y otra vez. Sus envíos esperan: arregle el receptor, envíe un evento de ' +
    'prueba y vuelva a activar el endpoint para enviarlos.',
}

/**
 * Shown to admins on the dashboard and above the endpoints list while any endpoint has been
 * disabled after repeated failures: its events are held, and nobody would notice otherwise.
 */
export async function WebhookDisabledNotice({
  payload,
  user,
  i18n,
}: {
  payload: Payload
  user?: unknown
  i18n?: { language?: string }
}) {
  if (!isAdmin(user)) return null
  const { totalDocs } = await payload.count({
    collection: WEBHOOK_ENDPOINTS as unknown as CollectionSlug,
    where: DISABLED_ENDPOINTS_WHERE,
    overrideAccess: true,
  })
  if (totalDocs === 0) return null
  const text = i18n?.language === 'es' ? TEXT.es : TEXT.en
  return (
    <Banner
      type="error"
      to={`${payload.config.routes.admin}/collections/${WEBHOOK_ENDPOINTS}?${DISABLED_ENDPOINTS_QUERY}`}
    >
      {text(totalDocs)}
    </Banner>
  )
}
