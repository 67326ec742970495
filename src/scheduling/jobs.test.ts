import { describe, expect, it } from 'vitest'

import { documentSchedules } from './jobs'
import type { ScheduleJob } from './state'

const job = (id: number, doc: ScheduleJob['doc']): ScheduleJob => ({
  id,
  type: 'publish',
  doc,
  waitUntil: new Date('2026-11-28T12:00:00Z'),
  completedAt: null,
  hasError: false,
  processing: false,
  updatedAt: new Date('2026-11-28T11:00:00Z'),
  error: null,
})

describe('documentSchedules', () => {
  it("keeps one document's schedules, in the order given (soonest first)", () => {
    const open = [
      job(1, { collection: 'posts', id: 7 }),
      job(2, { collection: 'case-studies', id: 7 }),
      job(3, { collection: 'posts', id: 8 }),
      job(4, { collection: 'posts', id: 7 }),
      job(5, null),
    ]
    expect(documentSchedules(open, 'posts', 7).map((found) => found.id)).toEqual([1, 4])
    expect(documentSchedules(open, 'case-studies', 7).map((found) => found.id)).toEqual([2])
    expect(documentSchedules(open, 'posts', 9)).toEqual([])
  })
})
