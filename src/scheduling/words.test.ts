import { describe, expect, it } from 'vitest'

import {
  DASHBOARD_WORDS,
  formatScheduleTime,
  SCHEDULE_REFUSAL_WORDS,
  wordsLanguageOf,
} from './words'

describe('dashboard words', () => {
  it("follow the editor's admin language, English otherwise", () => {
    expect(wordsLanguageOf('es')).toBe('es')
    expect(wordsLanguageOf('en')).toBe('en')
    expect(wordsLanguageOf('fr')).toBe('en')
    expect(wordsLanguageOf(undefined)).toBe('en')
  })

  it('have the same sections in English and Spanish', () => {
    const keys = (language: 'en' | 'es') => Object.keys(DASHBOARD_WORDS[language]).sort()
    expect(keys('es')).toEqual(keys('en'))
  })

  it('keep the inbox line editors know, and count in both languages', () => {
    expect(DASHBOARD_WORDS.en.inbox(1)).toBe('Inbox: 1 new inquiry.')
    expect(DASHBOARD_WORDS.en.inbox(3)).toBe('Inbox: 3 new inquiries.')
    expect(DASHBOARD_WORDS.es.inbox(2)).toBe('Bandeja de entrada: 2 consultas nuevas.')
    expect(DASHBOARD_WORDS.en.failedMail(1)).toMatch(/^Mail delivery failed: 1 inquiry never/)
  })

  it('say which schedules are late and which failed', () => {
    expect(DASHBOARD_WORDS.en.problems(1, 0)).toMatch(/^Scheduled publishing: 1 schedule is late\./)
    expect(DASHBOARD_WORDS.en.problems(2, 1)).toMatch(/2 schedules are late, 1 schedule failed/)
    expect(DASHBOARD_WORDS.es.problems(0, 2)).toMatch(/2 programaciones fallaron/)
  })

  it('write a schedule as the list cell shows it', () => {
    const when = formatScheduleTime(new Date('2026-11-28T12:00:00Z'), 'en')
    expect(when).toContain('12:00')
    expect(DASHBOARD_WORDS.en.cell('publish', when, 'pending')).toBe(`Publish ${when}`)
    expect(DASHBOARD_WORDS.es.cell('unpublish', when, 'late')).toBe(
      `Despublicar ${when} (con retraso)`,
    )
  })
})

describe('schedule refusal words', () => {
  it('say the same things in English and Spanish, each in its own language', () => {
    const keys = (language: 'en' | 'es') => Object.keys(SCHEDULE_REFUSAL_WORDS[language]).sort()
    expect(keys('es')).toEqual(keys('en'))
    for (const key of keys('en') as (keyof (typeof SCHEDULE_REFUSAL_WORDS)['en'])[]) {
      expect(SCHEDULE_REFUSAL_WORDS.es[key]).not.toBe(SCHEDULE_REFUSAL_WORDS.en[key])
      expect(SCHEDULE_REFUSAL_WORDS.es[key].length).toBeGreaterThan(0)
    }
    expect(SCHEDULE_REFUSAL_WORDS.en.mayNotPublish).toMatch(/editors and admins publish/)
  })
})
