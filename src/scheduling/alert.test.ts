import { describe, expect, it } from 'vitest'

import { scheduleAlertBody } from './alert'
import type { ScheduleJob } from './state'

const job: ScheduleJob = {
  id: 3,
  type: 'publish',
  doc: { collection: 'posts', id: 42 },
  waitUntil: new Date('2026-11-28T12:00:00Z'),
  completedAt: null,
  hasError: false,
  processing: false,
  updatedAt: new Date('2026-11-28T11:00:00Z'),
  error: null,
}
const URL = 'https://site.example/admin/collections/posts/42'

describe('scheduleAlertBody', () => {
  it('names a late schedule, how late it is and where to act', () => {
    const body = scheduleAlertBody({ job, state: 'late' }, URL, new Date('2026-11-28T12:02:00Z'))
    expect(body).toMatchObject({
      event: 'scheduled_publish_late',
      jobId: 3,
      collection: 'posts',
      documentId: 42,
      scheduledFor: '2026-11-28T12:00:00.000Z',
      lateBySeconds: 120,
      adminUrl: URL,
    })
    expect(body.text).toContain('has not run 120 s after its time')
  })

  it("names a failed schedule and the runner's error", () => {
    const failed = { ...job, hasError: true, error: 'Forbidden' }
    const body = scheduleAlertBody({ job: failed, state: 'failed' }, URL, new Date())
    expect(body).toMatchObject({ event: 'scheduled_publish_failed', error: 'Forbidden' })
    expect(body).not.toHaveProperty('lateBySeconds')
    expect(body.text).toContain('failed: Forbidden')
  })
})
