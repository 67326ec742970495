import { describe, expect, it } from 'vitest'

import { HIT_END, HIT_START, markHits, snippetSegments } from './snippet'

const hit = (text: string) => `${HIT_START}${text}${HIT_END}`

describe('markHits', () => {
  it('marks hits and escapes everything else as HTML', () => {
    expect(markHits(`a <b> & "c" 'd' ${hit('migraciones')} e`)).toBe(
      'a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39; <mark>migraciones</mark> e',
    )
  })

  it('closes a mark left open and ignores stray markers', () => {
    expect(markHits(`${HIT_END}x ${HIT_START}y`)).toBe('x <mark>y</mark>')
    expect(markHits(`${HIT_START}${HIT_START}z${HIT_END}${HIT_END}`)).toBe('<mark>z</mark>')
  })

  it('marks text that looks like markup as text', () => {
    expect(markHits(hit('<mark>'))).toBe('<mark>&lt;mark&gt;</mark>')
  })
})

describe('snippetSegments', () => {
  it('reads markHits back as text segments', () => {
    expect(snippetSegments(markHits(`a & ${hit('<b>')} c`))).toEqual([
      { text: 'a & ', hit: false },
      { text: '<b>', hit: true },
      { text: ' c', hit: false },
    ])
  })
})
