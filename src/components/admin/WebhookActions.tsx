'use client'

import { Button, toast } from '@payloadcms/ui'
import { useState } from 'react'

/** The words of the buttons and their outcomes, in the admin's language (from the server). */
export interface WebhookActionLabels {
  sendTest: string
  testQueued: string
  rotate: string
  rotateConfirm: string
  rotated: string
  sendAgain: string
  queuedAgain: string
  refresh: string
  failed: string
}

/** POSTs an admin action; resolves with its JSON, or throws the project's error message. */
async function post(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(path, { method: 'POST', credentials: 'include' })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    const error = body.error as { message?: string } | undefined
    throw new Error(error?.message ?? `HTTP ${response.status}`)
  }
  return body
}

function useAction(labels: WebhookActionLabels) {
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<string>, after?: () => void) => {
    setBusy(true)
    try {
      toast.success(await work())
      after?.()
    } catch (error) {
      toast.error(`${labels.failed}: ${(error as Error).message}`)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** "Send test event", "Rotate secret" and "Refresh" for one endpoint. */
export function WebhookEndpointActions({
  base,
  labels,
}: {
  /** The endpoint's API path, e.g. /api/webhook-endpoints/3. */
  base: string
  labels: WebhookActionLabels
}) {
  const { busy, run } = useAction(labels)
  return (
    <div style={{ display: 'flex', gap: 'var(--base, 1rem)', flexWrap: 'wrap' }}>
      <Button
        buttonStyle="secondary"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const { webhookId } = await post(`${base}/send-test`)
            return `${labels.testQueued} (${String(webhookId)})`
          })
        }
      >
        {labels.sendTest}
      </Button>
      <Button
        buttonStyle="secondary"
        disabled={busy}
        onClick={() => {
          if (!window.confirm(labels.rotateConfirm)) return
          // The page shows the new secret after a reload (the form holds the old one).
          void run(
            async () => {
              await post(`${base}/rotate-secret`)
              return labels.rotated
            },
            () => window.location.reload(),
          )
        }}
      >
        {labels.rotate}
      </Button>
      <Button buttonStyle="subtle" disabled={busy} onClick={() => window.location.reload()}>
        {labels.refresh}
      </Button>
    </div>
  )
}

/** "Send again" for one delivery of the log. */
export function WebhookSendAgain({
  base,
  deliveryId,
  labels,
}: {
  base: string
  deliveryId: number
  labels: WebhookActionLabels
}) {
  const { busy, run } = useAction(labels)
  return (
    <Button
      buttonStyle="subtle"
      size="small"
      disabled={busy}
      onClick={() =>
        run(async () => {
          await post(`${base}/deliveries/${deliveryId}/send-again`)
          return labels.queuedAgain
        })
      }
    >
      {labels.sendAgain}
    </Button>
  )
}
