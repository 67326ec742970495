import { describe, expect, it } from 'vitest'

import { ApiError } from '@/http/api-error'

import {
  REPORT_DAYS_MAX,
  REPORT_LIMIT_MAX,
  checkedRange,
  topAgents,
  topPaths,
  visitsByDay,
} from './reports'
import type { Queryable } from './store'

const db: Queryable = {
  query: async () => ({
    rows: [{ day: '2026-11-28', channel: 'person', count: '12' }],
    rowCount: 1,
  }),
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('report arguments', () => {
  it('takes a range of existing days, both ends included', () => {
    expect(checkedRange({ from: '2026-11-01', to: '2026-11-28' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-28',
    })
    expect(checkedRange({ from: '2026-11-28', to: '2026-11-28' })).toBeTruthy()
  })

  it.each([
    [{ from: '2026-11-29', to: '2026-11-28' }, 'from'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '28/11/2026', to: '2026-11-28' }, 'from'],
    [{ from: '2026-11-28', to: "2026-11-28'; DROP TABLE audience_counts; --" }, 'to'],
    [{ from: '2000-01-01', to: '2026-11-28' }, 'to'],
  ])('refuses %o naming %s', async (range, field) => {
    const error = await refusal(visitsByDay(db, range))
    expect(error.code).toBe('invalid_parameter')
    expect(error.status).toBe(400)
    expect(error.details?.[0]?.field).toBe(field)
  })

  it('refuses an unknown channel or surface, and a limit out of bounds', async () => {
    const range = { from: '2026-11-01', to: '2026-11-28' }
    expect(
      (await refusal(topPaths(db, { ...range, channel: 'robots' as never }))).details?.[0]?.field,
    ).toBe('channel')
    expect(
      (await refusal(visitsByDay(db, { ...range, surface: 'admin' as never }))).details?.[0]?.field,
    ).toBe('surface')
    expect(
      (await refusal(topAgents(db, { ...range, limit: REPORT_LIMIT_MAX + 1 }))).details?.[0]?.field,
    ).toBe('limit')
    expect((await refusal(topAgents(db, { ...range, limit: 0 }))).details?.[0]?.field).toBe('limit')
    expect(REPORT_DAYS_MAX).toBeGreaterThanOrEqual(400)
  })

  it('gives counts as numbers', async () => {
    expect(await visitsByDay(db, { from: '2026-11-01', to: '2026-11-28' })).toEqual([
      { day: '2026-11-28', channel: 'person', count: 12 },
    ])
  })
})
