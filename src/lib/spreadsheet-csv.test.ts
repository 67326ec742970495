import { describe, expect, it } from 'vitest'

import {
  csvCell,
  csvRecord,
  CsvRecordReader,
  neutralizeFormula,
  spreadsheetSafeCsv,
} from './spreadsheet-csv'

const BOM = '\uFEFF'

/** The bytes of `parts`, rewritten, as text (the byte order mark kept). */
async function rewritten(parts: Uint8Array[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
      controller.close()
    },
  })
  const bytes = await new Response(spreadsheetSafeCsv(source)).arrayBuffer()
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
}

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
  ])('prefixes %j with a single quote', (text, expected) => {
    expect(neutralizeFormula(text)).toBe(expected)
  })

  it.each(['', 'Ada Lovelace', 'a=1', 'ada@example.com', ' =1+1', "'quoted", '42'])(
    'leaves %j as it is',
    (text) => {
      expect(neutralizeFormula(text)).toBe(text)
    },
  )
})

describe('csvCell', () => {
  it('quotes every cell and doubles the quotes inside it', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('')).toBe('""')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
  })

  it('keeps a separator and what follows it inside the cell', () => {
    // A spreadsheet that separates cells with `;` sees one cell, not a second starting `=`.
    expect(csvCell('hello;=1+1')).toBe('"hello;=1+1"')
    expect(csvRecord(['a,=1+1', 'line\n=2+2'])).toBe('"a,=1+1","line\n=2+2"\n')
  })
})

describe('CsvRecordReader', () => {
  it('reads what a CSV writer writes: quoted cells, doubled quotes, line breaks inside', () => {
    const reader = new CsvRecordReader()
    const records = reader.push(
      'name,message,phone\n"Smith, Ada","He said ""hi""\nthen left",+34 600\n,,\n',
    )
    expect(records).toEqual([
      ['name', 'message', 'phone'],
      ['Smith, Ada', 'He said "hi"\nthen left', '+34 600'],
      ['', '', ''],
    ])
    expect(reader.end()).toEqual([])
  })

  it('keeps a carriage return outside quotes in its cell', () => {
    expect(new CsvRecordReader().push('a\rb,c\r\n')).toEqual([['a\rb', 'c\r']])
  })

  it('reads the same records however the text is cut', () => {
    const text = 'a,"b ""c""\nd",e\n"",f\ng'
    const whole = new CsvRecordReader()
    const expected = [...whole.push(text), ...whole.end()]
    for (let size = 1; size <= 4; size += 1) {
      const reader = new CsvRecordReader()
      const records: string[][] = []
      for (let at = 0; at < text.length; at += size) {
        records.push(...reader.push(text.slice(at, at + size)))
      }
      records.push(...reader.end())
      expect(records, `parts of ${size}`).toEqual(expected)
    }
    expect(expected).toEqual([['a', 'b "c"\nd', 'e'], ['', 'f'], ['g']])
  })
})

describe('spreadsheetSafeCsv', () => {
  it('writes every cell of every column again through csvCell, with the byte order mark', async () => {
    const csv = `${BOM}name,email,note,addedLater\n"=HYPERLINK(""x"")",ada@example.com,-1,@SUM(A1)\n`
    expect(await rewritten([utf8(csv)])).toBe(
      `${BOM}"name","email","note","addedLater"\n` +
        `"'=HYPERLINK(""x"")","ada@example.com","'-1","'@SUM(A1)"\n`,
    )
  })

  it('reads characters and records cut across parts', async () => {
    const bytes = utf8(`${BOM}n\n"é=""x"""\n+1`)
    // Cut through the byte order mark, the two bytes of é and a record.
    const parts = [bytes.slice(0, 2), bytes.slice(2, 7), bytes.slice(7, 12), bytes.slice(12)]
    expect(await rewritten(parts)).toBe(`${BOM}"n"\n"é=""x"""\n"'+1"\n`)
  })

  it('writes nothing for an export with nothing in it', async () => {
    expect(await rewritten([])).toBe('')
  })
})
