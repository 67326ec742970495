import type { UIFieldServerProps } from 'payload'

import { isAdmin } from '@/access/admins'
import { DELIVERY_LOG_PAGE } from '@/webhooks/admin-endpoints'
import { deliveryLog, type DeliveryLogEntry } from '@/webhooks/outbox'
import { WEBHOOK_ENDPOINTS, WEBHOOKS } from '@/webhooks/settings'

import {
  WebhookEndpointActions,
  WebhookSendAgain,
  type WebhookActionLabels,
} from './WebhookActions'

const LABELS = {
  en: {
    title: 'Delivery log',
    saveFirst: 'Save the endpoint to see its deliveries and send a test event.',
    empty: 'No deliveries yet.',
    streak: (failures: number) =>
      `Failed attempts in a row: ${failures} (disabled at ${WEBHOOKS.disableAfterFailures}).`,
    columns: ['Event', 'Subject', 'Status', 'Response', 'Latency', 'Attempts', 'Next try', ''],
    status: {
      pending: 'waiting',
      sending: 'sending',
      delivered: 'delivered',
      failed: 'failed',
      held: 'held (endpoint disabled)',
    },
    actions: {
      sendTest: 'Send test event',
      testQueued: 'Test event queued',
      rotate: 'Rotate secret',
      rotateConfirm:
        'Make a new signing secret? The current one keeps signing webhooks for the overlap ' +
        'window, so update your receiver before it ends.',
      rotated: 'New secret made',
      sendAgain: 'Send again',
      queuedAgain: 'Queued again',
      refresh: 'Refresh',
      failed: 'Could not do that',
    },
  },
  es: {
    title: 'Registro de envíos',
    saveFirst: 'Guarde el endpoint para ver sus envíos y enviar un evento de prueba.',
    empty: 'Todavía no hay envíos.',
    streak: (failures: number) =>
      `Intentos fallidos seguidos: ${failures} (se desactiva con ${WEBHOOKS.disableAfterFailures}).`,
    columns: ['Evento', 'Objeto', 'Estado', 'Respuesta', 'Latencia', 'Intentos', 'Próximo', ''],
    status: {
      pending: 'en espera',
      sending: 'enviando',
      delivered: 'entregado',
      failed: 'fallido',
      held: 'retenido (endpoint desactivado)',
    },
    actions: {
      sendTest: 'Enviar evento de prueba',
      testQueued: 'Evento de prueba en cola',
      rotate: 'Rotar secreto',
      rotateConfirm:
        '¿Crear un secreto de firma nuevo? El actual sigue firmando durante el periodo de ' +
        'solapamiento: actualice su receptor antes de que termine.',
      rotated: 'Secreto nuevo creado',
      sendAgain: 'Enviar de nuevo',
      queuedAgain: 'En cola de nuevo',
      refresh: 'Actualizar',
      failed: 'No se pudo hacer',
    },
  },
} as const satisfies Record<string, { actions: WebhookActionLabels } & Record<string, unknown>>

const cell = { padding: '0.25rem 0.5rem', verticalAlign: 'top' } as const

function when(value: string | null, locale: string): string {
  return value ? new Date(value).toLocaleString(locale, { timeZone: 'UTC' }) + ' UTC' : '–'
}

function Row({
  entry,
  words,
  base,
  locale,
}: {
  entry: DeliveryLogEntry
  words: (typeof LABELS)[keyof typeof LABELS]
  base: string
  locale: string
}) {
  const response = entry.responseStatus ?? (entry.error ? '–' : '')
  return (
    <tr>
      <td style={cell}>
        <code>{entry.eventType}</code>
        <div style={{ opacity: 0.7, fontSize: '0.85em' }}>{entry.webhookId}</div>
      </td>
      <td style={cell}>{entry.orderingKey}</td>
      <td style={cell}>
        {words.status[entry.status]}
        {entry.error ? (
          <div style={{ opacity: 0.8, fontSize: '0.85em', maxWidth: '24rem' }}>{entry.error}</div>
        ) : null}
      </td>
      <td style={cell}>{response}</td>
      <td style={cell}>{entry.latencyMs === null ? '–' : `${entry.latencyMs} ms`}</td>
      <td style={cell}>{entry.attempts}</td>
      <td style={cell}>{when(entry.nextAttemptAt, locale)}</td>
      <td style={cell}>
        {entry.status === 'delivered' || entry.status === 'failed' ? (
          <WebhookSendAgain base={base} deliveryId={entry.id} labels={words.actions} />
        ) : null}
      </td>
    </tr>
  )
}

/**
 * The endpoint's delivery log in its edit view (a UI field): the newest deliveries with their
 * status, response code, latency, attempts and next try, "send again" on each settled one, and
 * the endpoint's "send test event" and "rotate secret".
 */
export async function WebhookDeliveryLog({ id, payload, req, i18n }: UIFieldServerProps) {
  if (!isAdmin(req.user)) return null
  const words = i18n.language === 'es' ? LABELS.es : LABELS.en
  const endpointId = Number(id)
  if (!Number.isSafeInteger(endpointId) || endpointId < 1)
    return <p className="field-description">{words.saveFirst}</p>
  const { failureStreak, deliveries } = await deliveryLog(payload, endpointId, DELIVERY_LOG_PAGE)
  const base = `${payload.config.routes.api}/${WEBHOOK_ENDPOINTS}/${endpointId}`
  return (
    <section className="webhook-delivery-log" style={{ marginBottom: 'var(--base, 1rem)' }}>
      <h3>{words.title}</h3>
      <WebhookEndpointActions base={base} labels={words.actions} />
      <p>{words.streak(failureStreak)}</p>
      {deliveries.length === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                {words.columns.map((column, index) => (
                  <th key={index} style={{ ...cell, textAlign: 'left' }}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {deliveries.map((entry) => (
                <Row
                  key={entry.id}
                  entry={entry}
                  words={words}
                  base={base}
                  locale={i18n.language}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
