import { describe, expect, it } from 'vitest'

import {
  matchesIfNoneMatch,
  evaluatePreconditions,
  httpDate,
  parseHttpDate,
  rangeStillApplies,
  validatorsFor,
} from './conditional'

// 2025-03-04T05:06:07.891234567Z
const MTIME_NS = 1_741_064_767_891_234_567n
const validators = validatorsFor(500, MTIME_NS)
const LAST_MODIFIED = 'Tue, 04 Mar 2025 05:06:07 GMT'
const ETAG = validators.etag

const check = (headers: Record<string, string>) =>
  evaluatePreconditions(new Headers(headers), validators)

describe('validatorsFor', () => {
  it('makes a strong ETag from size and nanosecond mtime, and a whole-second date', () => {
    expect(ETAG).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(validatorsFor(501, MTIME_NS).etag).not.toBe(ETAG)
    expect(validatorsFor(500, MTIME_NS + 1n).etag).not.toBe(ETAG)
    expect(httpDate(validators.lastModified)).toBe(LAST_MODIFIED)
  })
})

describe('parseHttpDate', () => {
  it('accepts IMF-fixdate and RFC 850 dates', () => {
    expect(parseHttpDate(LAST_MODIFIED)).toBe(Date.UTC(2025, 2, 4, 5, 6, 7))
    expect(parseHttpDate('Tuesday, 04-Mar-25 05:06:07 GMT')).toBe(Date.UTC(2025, 2, 4, 5, 6, 7))
  })

  it.each(['', 'yesterday', '2025-03-04T05:06:07Z', 'Tue Mar  4 05:06:07 2025', '1741064767'])(
    'ignores %j',
    (value) => {
      expect(parseHttpDate(value)).toBeNull()
    },
  )
})

describe('evaluatePreconditions', () => {
  it('proceeds without conditions', () => {
    expect(check({})).toBe('proceed')
  })

  it.each([ETAG, `W/${ETAG}`, `"other", ${ETAG}`, '*'])('If-None-Match %s → 304', (value) => {
    expect(check({ 'If-None-Match': value })).toBe('not-modified')
  })

  it('If-None-Match with other tags → proceed, and If-Modified-Since is then ignored', () => {
    expect(check({ 'If-None-Match': '"other"' })).toBe('proceed')
    expect(check({ 'If-None-Match': '"other"', 'If-Modified-Since': LAST_MODIFIED })).toBe(
      'proceed',
    )
  })

  it('If-Modified-Since at or after Last-Modified → 304, before → proceed', () => {
    expect(check({ 'If-Modified-Since': LAST_MODIFIED })).toBe('not-modified')
    expect(check({ 'If-Modified-Since': 'Wed, 05 Mar 2025 00:00:00 GMT' })).toBe('not-modified')
    expect(check({ 'If-Modified-Since': 'Tue, 04 Mar 2025 05:06:06 GMT' })).toBe('proceed')
    expect(check({ 'If-Modified-Since': 'not a date' })).toBe('proceed')
  })

  it('If-Match needs a strong match, else 412', () => {
    expect(check({ 'If-Match': ETAG })).toBe('proceed')
    expect(check({ 'If-Match': '*' })).toBe('proceed')
    expect(check({ 'If-Match': `W/${ETAG}` })).toBe('precondition-failed')
    expect(check({ 'If-Match': '"other"' })).toBe('precondition-failed')
  })

  it('If-Unmodified-Since before Last-Modified → 412; ignored when If-Match is present', () => {
    expect(check({ 'If-Unmodified-Since': 'Tue, 04 Mar 2025 05:06:06 GMT' })).toBe(
      'precondition-failed',
    )
    expect(check({ 'If-Unmodified-Since': LAST_MODIFIED })).toBe('proceed')
    expect(
      check({ 'If-Match': ETAG, 'If-Unmodified-Since': 'Tue, 04 Mar 2025 05:06:06 GMT' }),
    ).toBe('proceed')
  })

  it('a failed If-Match wins over a matching If-None-Match', () => {
    expect(check({ 'If-Match': '"other"', 'If-None-Match': ETAG })).toBe('precondition-failed')
  })
})

describe('rangeStillApplies', () => {
  const applies = (value?: string) =>
    rangeStillApplies(new Headers(value === undefined ? {} : { 'If-Range': value }), validators)

  it('applies without If-Range, or when the strong ETag or the exact date matches', () => {
    expect(applies()).toBe(true)
    expect(applies(ETAG)).toBe(true)
    expect(applies(LAST_MODIFIED)).toBe(true)
  })

  it('does not apply for another or a weak ETag, another date, or garbage', () => {
    expect(applies('"other"')).toBe(false)
    expect(applies(`W/${ETAG}`)).toBe(false)
    expect(applies('Tue, 04 Mar 2025 05:06:06 GMT')).toBe(false)
    expect(applies('Wed, 05 Mar 2025 00:00:00 GMT')).toBe(false)
    expect(applies('tomorrow')).toBe(false)
  })
})

describe('matchesIfNoneMatch', () => {
  it('uses the weak comparison and understands *', () => {
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"ab"', '"a"')).toBe(false)
    expect(matchesIfNoneMatch(null, '"a"')).toBe(false)
  })
})
