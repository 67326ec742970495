import { describe, expect, it } from 'vitest'

import { contentRange, parseRange, unsatisfiedRange } from './range'

const partial = (start: number, end: number) => ({ kind: 'partial', range: { start, end } })

describe('parseRange', () => {
  it('serves the whole file without a Range header', () => {
    expect(parseRange(null, 100)).toEqual({ kind: 'full' })
  })

  it.each([
    ['bytes=0-9', partial(0, 9)],
    ['bytes=10-10', partial(10, 10)],
    ['bytes=90-150', partial(90, 99)],
    ['bytes=0-99999999999999999999999', partial(0, 99)],
    ['bytes=40-', partial(40, 99)],
    ['bytes=0-', partial(0, 99)],
    ['bytes=-10', partial(90, 99)],
    ['bytes=-100', partial(0, 99)],
    ['bytes=-500', partial(0, 99)],
    ['Bytes = 5-6', partial(5, 6)],
    ['bytes= 5-6 ', partial(5, 6)],
    ['bytes=5-6,', partial(5, 6)],
  ])('%s → one range', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected)
  })

  it.each(['bytes=100-', 'bytes=100-200', 'bytes=123456789012345678901234-', 'bytes=-0'])(
    '%s is unsatisfiable for 100 bytes',
    (header) => {
      expect(parseRange(header, 100)).toEqual({ kind: 'unsatisfiable' })
    },
  )

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' })
  })

  it.each([
    'items=0-1',
    'bytes',
    'bytes=',
    'bytes=-',
    'bytes=5-4',
    'bytes=a-b',
    'bytes=1.5-2',
    'bytes=+1-2',
    'bytes=0x10-',
    'bytes=--1',
    'bytes=0-1,5-6',
    'bytes=0-1, 200-300',
  ])('ignores %j and sends everything', (header) => {
    expect(parseRange(header, 100)).toEqual({ kind: 'full' })
  })
})

describe('Content-Range', () => {
  it('formats satisfied and unsatisfied ranges', () => {
    expect(contentRange({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100')
    expect(unsatisfiedRange(100)).toBe('bytes */100')
  })
})
