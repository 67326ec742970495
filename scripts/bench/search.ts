/**
 * `npm run bench:search`: the site search's statement (src/search/statement.ts) on a database of
 * its own, migrated, holding BENCH_SEARCH_DOCS generated posts in English and Spanish.
 *
 *   1. inserts the documents in batches, through the triggers that keep the search index, and
 *      reports the time per document (what publishing pays for search);
 *   2. runs BENCH_SEARCH_QUERIES distinct two-word queries one at a time, in each language and in
 *      both, and reports p50, p99 and the mean number of matches;
 *   3. runs the same queries from BENCH_SEARCH_CLIENTS connections at once for
 *      BENCH_SEARCH_SECONDS and reports the throughput;
 *   4. reports the size of the index table and its GIN index, and the plan (EXPLAIN ANALYZE,
 *      BUFFERS) of a common and a rare two-word query.
 * It prints a markdown report and writes it to .data/benchmarks-search.md. The database
 * (consultancy_bench_search[_$TEST_RUN_ID]) is kept afterwards: BENCH_SEARCH_DATABASE_URL naming
 * it measures the queries again on its documents, without inserting.
 *
 * Settings: BENCH_SEARCH_DOCS (10000), BENCH_SEARCH_QUERIES (300), BENCH_SEARCH_CLIENTS (2),
 * BENCH_SEARCH_SECONDS (10).
 */

import pg from 'pg'

import {
  COUNT_STATEMENT,
  SEARCH_STATEMENT,
  searchStatementParams,
} from '../../src/search/statement'
import { runScript } from '../../tests/support/app-server'
import { createTestDatabase, stopTestDatabaseServer } from '../../tests/support/database'
import { benchReport } from './lib'
import { runWorkload } from './workload'

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 10000)
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300)
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 2)
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10)
const BATCH = 250
const BODY_WORDS = 400

const WORDS = {
  en: 'cloud data platform migration security pipeline team delivery service latency cost budget incident observability dashboard metric trace deployment release test contract schema query index cache replica backup recovery audit compliance privacy model training inference feature experiment warehouse stream batch event queue worker cluster container network gateway identity access token review design architecture refactor performance reliability availability outage customer product roadmap'.split(
    ' ',
  ),
  es: 'nube datos plataforma migración seguridad canalización equipo entrega servicio latencia coste presupuesto incidente observabilidad panel métrica traza despliegue versión prueba contrato esquema consulta índice caché réplica copia recuperación auditoría cumplimiento privacidad modelo entrenamiento inferencia característica experimento almacén flujo lote evento cola trabajador clúster contenedor red pasarela identidad acceso token revisión diseño arquitectura refactorización rendimiento fiabilidad disponibilidad caída cliente producto hoja'.split(
    ' ',
  ),
} as const

// A fixed seed: every run measures the same documents and queries.
let seed = 42
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const SYLLABLES =
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu'.split(
    ' ',
  )
/** Rarer words, as a real text's long tail: three syllables each, a few thousand per language. */
const TAIL = {
  en: Array.from(
    { length: 4000 },
    (_, index) =>
      `${SYLLABLES[index % 50]}${SYLLABLES[Math.floor(index / 50) % 50]}${SYLLABLES[(index * 7) % 50]}n`,
  ),
  es: Array.from(
    { length: 4000 },
    (_, index) =>
      `${SYLLABLES[index % 50]}${SYLLABLES[Math.floor(index / 50) % 50]}${SYLLABLES[(index * 7) % 50]}s`,
  ),
}
/** Half the words from the common vocabulary, half from the tail, skewed towards its head. */
const word = (locale: 'en' | 'es') =>
  random() < 0.5
    ? pick(WORDS[locale])
    : TAIL[locale][Math.floor(TAIL[locale].length * random() ** 2)]!
const words = (locale: 'en' | 'es', count: number) =>
  Array.from({ length: count }, () => word(locale)).join(' ')

function lexical(text: string) {
  const paragraphs = text.match(/(?:\S+\s*){1,60}/g) ?? []
  return {
    root: {
      type: 'root',
      children: paragraphs.map((paragraph) => ({
        type: 'paragraph',
        children: [{ type: 'text', text: paragraph.trim() }],
      })),
    },
  }
}

/** Draws what `insertDocuments` draws, inserting nothing: a run on an earlier run's documents
 * then searches the same queries. */
function skipDocuments(): void {
  for (let index = 0; index < DOCS * 2; index += 1) {
    words('en', 6)
    words('en', 25)
    words('en', BODY_WORDS)
  }
}

async function insertDocuments(db: pg.Client): Promise<number> {
  const started = performance.now()
  for (let offset = 0; offset < DOCS; offset += BATCH) {
    const count = Math.min(BATCH, DOCS - offset)
    await db.query('BEGIN')
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO posts (slug, published_at, _status)
       SELECT 'bench-search-' || n, now() - n * interval '1 hour', 'published'
       FROM generate_series($1::int, $2::int) AS n RETURNING id`,
      [offset + 1, offset + count],
    )
    const locales: string[] = []
    const parents: number[] = []
    const titles: string[] = []
    const excerpts: string[] = []
    const contents: string[] = []
    for (const { id } of rows) {
      for (const locale of ['en', 'es'] as const) {
        locales.push(locale)
        parents.push(id)
        titles.push(words(locale, 6))
        excerpts.push(words(locale, 25))
        contents.push(JSON.stringify(lexical(words(locale, BODY_WORDS))))
      }
    }
    await db.query(
      `INSERT INTO posts_locales (title, excerpt, content, _locale, _parent_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::_locales[], $5::int[])`,
      [titles, excerpts, contents, locales, parents],
    )
    await db.query('COMMIT')
  }
  return performance.now() - started
}

/** Queries per second from CLIENTS connections searching at once, each its own queries. */
async function throughput(databaseUrl: string): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000
  let done = 0
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        while (performance.now() < deadline) {
          const q = words(pick(['en', 'es'] as const), 2)
          await client.query(
            SEARCH_STATEMENT,
            searchStatementParams(q, { locale: 'all', limit: 10, page: 1 }),
          )
          done += 1
        }
      } finally {
        await client.end()
      }
    }),
  )
  return done / SECONDS
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function main(): Promise<void> {
  const { out, write: writeReport } = benchReport('search')
  const reused = process.env.BENCH_SEARCH_DATABASE_URL
  const databaseUrl =
    reused ??
    (await createTestDatabase(
      `consultancy_bench_search${process.env.TEST_RUN_ID ? `_${process.env.TEST_RUN_ID}` : ''}`,
    ))
  if (!reused) {
    const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }
    if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrate failed')
  }
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const insertMs = reused ? null : await insertDocuments(db)
    if (reused) skipDocuments()
    await db.query('VACUUM ANALYZE search_documents')
    out(`# Site search benchmark`)
    out()
    out(
      `${DOCS} posts × 2 locales, ${BODY_WORDS}-word bodies: half from ${WORDS.en.length} common words, half from a long tail of ${TAIL.en.length} per language. Queries: two words drawn the same way.`,
    )
    out()
    out(
      insertMs === null
        ? `Indexing: not measured (the documents of an earlier run, ${databaseUrl}).`
        : `Indexing (triggers, in the inserting transactions): ${(insertMs / DOCS).toFixed(2)} ms per post (both locales).`,
    )
    out()
    out('| query | locale | p50 | p99 | mean matches |')
    out('| --- | --- | --- | --- | --- |')
    for (const locale of ['en', 'es', 'all'] as const) {
      const timings: number[] = []
      let matches = 0
      for (let index = 0; index < QUERIES; index += 1) {
        const language = locale === 'all' ? pick(['en', 'es'] as const) : locale
        const q = words(language, 2)
        const started = performance.now()
        const result = await db.query(
          SEARCH_STATEMENT,
          searchStatementParams(q, { locale, limit: 10, page: 1 }),
        )
        timings.push(performance.now() - started)
        matches += Number(result.rows[0]?.total ?? 0)
      }
      timings.sort((a, b) => a - b)
      out(
        `| two words | ${locale} | ${percentile(timings, 50).toFixed(1)} ms | ${percentile(timings, 99).toFixed(1)} ms | ${Math.round(matches / QUERIES)} |`,
      )
    }
    const rare = performance.now()
    await db.query(COUNT_STATEMENT, ['zzzz nothing', null])
    out()
    out(`A query matching nothing: ${(performance.now() - rare).toFixed(1)} ms.`)
    out()
    out(
      `Throughput: ${(await throughput(databaseUrl)).toFixed(0)} queries/s from ${CLIENTS} clients at once over ${SECONDS} s (both languages, two words).`,
    )
    const { rows } = await db.query<{ table: string; index: string }>(
      `SELECT pg_size_pretty(pg_table_size('search_documents')) AS table,
              pg_size_pretty(pg_relation_size('search_documents_vector_idx')) AS index`,
    )
    out(`Index table ${rows[0]!.table}, GIN index ${rows[0]!.index}.`)
    for (const [label, q] of [
      ['A common two-word query', `${WORDS.en[0]} ${WORDS.en[1]}`],
      ['A rare two-word query', `${TAIL.en[3999]} ${WORDS.en[0]}`],
    ] as const) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${SEARCH_STATEMENT}`,
        searchStatementParams(q, { locale: 'en', limit: 10, page: 1 }),
      )
      out()
      out(`${label} ("${q}", en):`)
      out()
      out('```')
      for (const row of plan.rows) out(row['QUERY PLAN'])
      out('```')
    }
  } finally {
    await db.end()
    await stopTestDatabaseServer()
  }
  writeReport()
}

runWorkload(main)
