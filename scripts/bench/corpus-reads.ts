/**
 * Reads over the generated corpus shared by the benchmarks that load it (churn, memory): its
 * published documents, ranked by a fixed popularity, and the surfaces a read picks.
 */
import pg from 'pg'

export interface CorpusDoc {
  collection: 'posts' | 'case-studies'
  id: number
  slug: string
  title: string
}

/** A fixed seed: every run reads the same sequence. */
export function seededRandom(seed: number): () => number {
  // mulberry32, in 32-bit integer arithmetic. The linear congruential generator this replaced
  // multiplied in floating point past 2^53, lost the low bits, and fell into short cycles for
  // some seeds: a load drawing from a handful of URLs read 99.9% from the cache, another
  // 72%, from the same distribution.
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), state | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32
  }
}

/** Draws ranks 0…n-1 with probability ∝ 1/(rank+1). */
export function zipf(n: number, random: () => number): () => number {
  const cdf = new Float64Array(n)
  let total = 0
  for (let rank = 0; rank < n; rank += 1) {
    total += 1 / (rank + 1)
    cdf[rank] = total
  }
  return () => {
    const target = random() * total
    let low = 0
    let high = n - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cdf[middle]! < target) low = middle + 1
      else high = middle
    }
    return low
  }
}

const section = (doc: CorpusDoc) => (doc.collection === 'posts' ? 'blog' : 'case-studies')
export const pagePath = (doc: CorpusDoc, locale: 'en' | 'es') =>
  `/${locale}/${section(doc)}/${doc.slug}`
export const apiPath = (doc: CorpusDoc) => `/api/${doc.collection}/${doc.id}?depth=0`

/** One read of a document's surfaces, in the proportions a site with agents might see. */
export function surfaceOf(doc: CorpusDoc, draw: number): string {
  if (draw < 0.4) return pagePath(doc, 'en')
  if (draw < 0.65) return pagePath(doc, 'es')
  if (draw < 0.75) return `${pagePath(doc, 'en')}.md`
  if (draw < 0.8) return `${pagePath(doc, 'es')}.md`
  return apiPath(doc)
}

async function corpusDocuments(databaseUrl: string): Promise<CorpusDoc[]> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const read = async (collection: CorpusDoc['collection'], table: string) =>
      (
        await db.query<{ id: number; slug: string; title: string }>(
          `SELECT d.id, d.slug, l.title FROM ${table} d
           JOIN ${table}_locales l ON l._parent_id = d.id AND l._locale = 'en'
           WHERE d._status = 'published' AND EXISTS (
             SELECT 1 FROM ${table}_locales s WHERE s._parent_id = d.id AND s._locale = 'es'
               AND coalesce(s.title, '') <> '')`,
        )
      ).rows.map((row) => ({ collection, ...row }))
    return [...(await read('posts', 'posts')), ...(await read('case-studies', 'case_studies'))]
  } finally {
    await db.end()
  }
}

/** The corpus's bilingual published documents; ranks (the array's order) are a fixed shuffle. */
export async function documentsByPopularity(databaseUrl: string): Promise<CorpusDoc[]> {
  const docs = await corpusDocuments(databaseUrl)
  // Popularity is not publication order.
  const shuffle = seededRandom(7)
  for (let index = docs.length - 1; index > 0; index -= 1) {
    const other = Math.floor(shuffle() * (index + 1))
    ;[docs[index], docs[other]] = [docs[other]!, docs[index]!]
  }
  return docs
}
