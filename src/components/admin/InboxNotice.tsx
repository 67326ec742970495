import { Banner } from '@payloadcms/ui/elements/Banner'
import type { Payload } from 'payload'

import { isEditor } from '@/access/roles'
import { adminMessages } from '@/i18n/admin-messages'

import { FailedDeliveriesNotice } from './FailedDeliveriesNotice'

/** The Inquiries list, filtered to the inbox's new inquiries. */
export const NEW_INQUIRIES_QUERY = new URLSearchParams({
  'where[status][equals]': 'new',
}).toString()

/**
 * The dashboard's view of the inquiry inbox, for those who work it (editors and admins): how many
 * inquiries are new, and, as before, a warning while any inquiry's mail has failed for good.
 */
export async function InboxNotice({
  payload,
  user,
  i18n,
}: {
  payload: Payload
  user?: unknown
  i18n?: { language?: string }
}) {
  if (!isEditor(user)) return null
  const { totalDocs } = await payload.count({
    collection: 'inquiries',
    where: { status: { equals: 'new' } },
  })
  const words = adminMessages(i18n?.language)
  return (
    <>
      <Banner
        type={totalDocs > 0 ? 'info' : 'default'}
        to={`${payload.config.routes.admin}/collections/inquiries?${NEW_INQUIRIES_QUERY}`}
      >
        {words.inbox(totalDocs)}
      </Banner>
      <FailedDeliveriesNotice payload={payload} i18n={i18n} />
    </>
  )
}
