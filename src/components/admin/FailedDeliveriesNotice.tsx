import { Banner } from '@payloadcms/ui/elements/Banner'
import type { Payload } from 'payload'

import { adminMessages } from '@/i18n/admin-messages'

/** The Inquiries list, filtered to those whose mail failed for good. */
export const FAILED_INQUIRIES_QUERY = new URLSearchParams({
  'where[deliveryStatus][equals]': 'failed',
}).toString()

/**
 * Shown on the admin dashboard and above the Inquiries list while any inquiry's mail has failed
 * for good (retries exhausted): such an inquiry reached nobody, and without this an editor would
 * only find out by scanning the list's delivery column.
 */
export async function FailedDeliveriesNotice({
  payload,
  i18n,
}: {
  payload: Payload
  i18n?: { language?: string }
}) {
  const { totalDocs } = await payload.count({
    collection: 'inquiries',
    where: { deliveryStatus: { equals: 'failed' } },
  })
  if (totalDocs === 0) return null
  return (
    <Banner
      type="error"
      to={`${payload.config.routes.admin}/collections/inquiries?${FAILED_INQUIRIES_QUERY}`}
    >
      {adminMessages(i18n?.language).failedDeliveries(totalDocs)}
    </Banner>
  )
}
