import { describe, expect, it } from 'vitest'

import { SCHEDULE_SETTINGS } from './settings'
import { failureIsOpen, readScheduleJob, scheduleState } from './state'

const at = (iso: string) => new Date(iso)
const NOW = at('2026-11-28T12:00:00Z')

describe('scheduleState', () => {
  const job = { completedAt: null, hasError: false, waitUntil: at('2026-11-28T11:59:30Z') }

  it('is pending before its time and within the grace minute after it', () => {
    expect(scheduleState({ ...job, waitUntil: at('2026-11-28T12:05:00Z') }, NOW)).toBe('pending')
    expect(scheduleState(job, NOW)).toBe('pending')
    expect(scheduleState({ ...job, waitUntil: at('2026-11-28T11:59:00Z') }, NOW)).toBe('pending')
  })

  it('is late more than a minute after its time, and not "live within 60 s" at the same time', () => {
    expect(SCHEDULE_SETTINGS.lateAfterMs).toBe(60_000)
    expect(scheduleState({ ...job, waitUntil: at('2026-11-28T11:58:59Z') }, NOW)).toBe('late')
  })

  it('is failed once the runner gave up, and done once it completed, whatever the time', () => {
    expect(scheduleState({ ...job, hasError: true }, NOW)).toBe('failed')
    expect(scheduleState({ ...job, hasError: true, completedAt: NOW }, NOW)).toBe('done')
    expect(
      scheduleState({ ...job, waitUntil: at('2026-11-27T00:00:00Z'), completedAt: NOW }, NOW),
    ).toBe('done')
  })
})

describe('failureIsOpen', () => {
  const failed = { updatedAt: at('2026-11-28T11:00:00Z') }

  it('stays open until the document is saved after the failure', () => {
    expect(failureIsOpen(failed, at('2026-11-28T10:00:00Z'), NOW)).toBe(true)
    expect(failureIsOpen(failed, null, NOW)).toBe(true)
    expect(failureIsOpen(failed, at('2026-11-28T11:30:00Z'), NOW)).toBe(false)
  })

  it('closes once it is older than the time failures are shown for', () => {
    const old = { updatedAt: new Date(NOW.getTime() - SCHEDULE_SETTINGS.failureShownForMs - 1) }
    expect(failureIsOpen(old, null, NOW)).toBe(false)
  })
})

describe('readScheduleJob', () => {
  const row = {
    id: 7,
    input: { type: 'publish', doc: { relationTo: 'posts', value: '42' } },
    waitUntil: '2026-11-28T12:00:00.000Z',
    completedAt: null,
    hasError: false,
    processing: false,
    updatedAt: '2026-11-28T11:00:00.000Z',
  }

  it("reads a document's schedule (its id arrives as a string)", () => {
    expect(readScheduleJob(row)).toEqual({
      id: 7,
      type: 'publish',
      doc: { collection: 'posts', id: 42 },
      waitUntil: at('2026-11-28T12:00:00Z'),
      completedAt: null,
      hasError: false,
      processing: false,
      updatedAt: at('2026-11-28T11:00:00Z'),
      error: null,
    })
  })

  it("keeps the runner's error message of a failed one", () => {
    const failed = readScheduleJob({ ...row, hasError: true, error: { message: 'Forbidden' } })
    expect(failed?.error).toBe('Forbidden')
    expect(readScheduleJob({ ...row, hasError: true })?.error).toBe('unknown error')
  })

  it("ignores rows that are no scheduled document's (globals, other collections, bad ids)", () => {
    expect(readScheduleJob({ ...row, input: { global: 'site-settings' } })).toBeNull()
    expect(
      readScheduleJob({ ...row, input: { doc: { relationTo: 'users', value: '1' } } }),
    ).toBeNull()
    expect(
      readScheduleJob({ ...row, input: { doc: { relationTo: 'posts', value: 'x' } } }),
    ).toBeNull()
  })

  it('reads an unpublish as such', () => {
    expect(readScheduleJob({ ...row, input: { ...row.input, type: 'unpublish' } })?.type).toBe(
      'unpublish',
    )
  })
})
