import type { Payload } from 'payload'
import { formatAdminURL } from 'payload/shared'

import { isEditor } from '@/access/roles'
import { AUDIENCE_VIEW_PATH } from '@/audience/dashboard'
import { DASHBOARD_WORDS, dashboardLanguageOf } from '@/audience/dashboard-labels'

/**
 * The dashboard's way to the Audience view (`afterDashboard`), for editors and admins: one small
 * link of its own, so that a dashboard redesigned later places it where it likes.
 */
export function AudienceLink({
  payload,
  user,
  i18n,
}: {
  payload: Payload
  user?: unknown
  i18n?: { language?: string }
}) {
  if (!isEditor(user)) return null
  const words = DASHBOARD_WORDS[dashboardLanguageOf(i18n?.language)]
  return (
    <p className="audience-link" style={{ margin: '1rem 0' }}>
      <a
        href={formatAdminURL({ adminRoute: payload.config.routes.admin, path: AUDIENCE_VIEW_PATH })}
      >
        {words.link}
      </a>
    </p>
  )
}
