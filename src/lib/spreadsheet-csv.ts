/**
 * CSV that a spreadsheet opens as data, never as formulas (OWASP, "CSV Injection"): whatever a
 * sender typed into an inquiry (`=HYPERLINK(…)`, `@SUM(…)`, `+cmd`) reaches an editor's
 * spreadsheet as the text it is.
 *
 * Every cell is written by one function, `csvCell`, whatever its column: a cell that begins with
 * a character a spreadsheet reads as the start of a formula gets a leading single quote, and every
 * cell is in double quotes with its own double quotes doubled, so no separator inside it (`,`, or
 * the `;` of spreadsheets set to another list separator) can start a cell of its own.
 */

/**
 * The first characters that make a spreadsheet read a cell as a formula: OWASP's list (a tab or a
 * carriage return is dropped by some before they read the rest), and the full-width forms that
 * some (Apple Numbers) read as the same.
 */
const FORMULA_STARTS: ReadonlySet<string> = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
])

/** Excel reads a file as UTF-8 only when it begins with the byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF'

/** `text` as a spreadsheet shows it but never evaluates it. */
export function neutralizeFormula(text: string): string {
  return FORMULA_STARTS.has(text.charAt(0)) ? `'${text}` : text
}

/** One cell, as every cell of an export is written: neutralized, quoted, its quotes doubled. */
export function csvCell(text: string): string {
  return `"${neutralizeFormula(text).replaceAll('"', '""')}"`
}

/** One record (a line) of cells. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\n`
}

/**
 * Records of RFC 4180 CSV (`,` between cells, `"` quoting, `""` a quote inside one, a line feed
 * between records; a carriage return outside quotes is part of its cell), read from text given a
 * part at a time, however the parts cut it.
 */
export class CsvRecordReader {
  #cell = ''
  #record: string[] = []
  /** Inside a quoted cell. */
  #quoted = false
  /** Inside a quoted cell, just after a `"`: its end, or the first of a doubled one. */
  #quoteSeen = false
  /** Something was read since the last record ended. */
  #pending = false

  /** The records `text` completes. */
  push(text: string): string[][] {
    const records: string[][] = []
    for (const char of text) {
      this.#pending = true
      if (this.#quoted) {
        if (this.#quoteSeen) {
          this.#quoteSeen = false
          if (char === '"') {
            this.#cell += '"'
            continue
          }
          this.#quoted = false
        } else if (char === '"') {
          this.#quoteSeen = true
          continue
        } else {
          this.#cell += char
          continue
        }
      }
      if (char === '"' && this.#cell === '') this.#quoted = true
      else if (char === ',') this.#endCell()
      else if (char === '\n') records.push(this.#endRecord())
      else this.#cell += char
    }
    return records
  }

  /** The last record, when the text did not end with a line feed. */
  end(): string[][] {
    return this.#pending ? [this.#endRecord()] : []
  }

  #endCell(): void {
    this.#record.push(this.#cell)
    this.#cell = ''
    this.#quoted = false
    this.#quoteSeen = false
  }

  #endRecord(): string[] {
    this.#endCell()
    const record = this.#record
    this.#record = []
    this.#pending = false
    return record
  }
}

/**
 * CSV as another writer made it (UTF-8, a byte order mark or none), written again cell by cell
 * with `csvCell`, with the byte order mark; a part at a time, as it arrives.
 */
export function spreadsheetSafeCsv(csv: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // The decoder drops the byte order mark the text begins with; it is written again below.
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  const reader = new CsvRecordReader()
  let started = false
  const write = (records: string[][], controller: TransformStreamDefaultController<Uint8Array>) => {
    if (records.length === 0) return
    const text = records.map(csvRecord).join('')
    controller.enqueue(encoder.encode(started ? text : `${BYTE_ORDER_MARK}${text}`))
    started = true
  }
  return csv.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(part, controller) {
        write(reader.push(decoder.decode(part, { stream: true })), controller)
      },
      flush(controller) {
        write([...reader.push(decoder.decode()), ...reader.end()], controller)
      },
    }),
  )
}
