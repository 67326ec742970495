/**
 * The benchmarks' generated corpus: the demo content plus BENCH_CORPUS_POSTS posts (10,000) and
 * BENCH_CORPUS_CASE_STUDIES case studies (1,000), published, in English and Spanish, with
 * categories and cover images. It is built once into a template database
 * (`consultancy_bench_corpus`, its media files under .data/bench-corpus-media) and every run
 * copies it (`CREATE DATABASE … TEMPLATE`, seconds), then migrates the copy, so later runs skip
 * generation. The template carries a comment naming the generator's version and sizes; a
 * template from another generator is rebuilt.
 *
 * The rows are inserted with SQL in batches, as Payload stores a published document: the
 * document row, its localized rows, its categories (`_rels`), and one latest published version in
 * the versions tables; the search index and the change feed fill through their triggers.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { runScript } from '../../tests/support/app-server'
import { createTestDatabase, withConnection } from '../../tests/support/database'

/** Bump when what the generator writes changes: older templates are rebuilt. */
const GENERATOR_VERSION = 1
const BATCH = 500

export interface CorpusSize {
  posts: number
  caseStudies: number
}

export const DEFAULT_CORPUS: CorpusSize = {
  posts: Number(process.env.BENCH_CORPUS_POSTS ?? 10_000),
  caseStudies: Number(process.env.BENCH_CORPUS_CASE_STUDIES ?? 1_000),
}

const WORDS = {
  en: 'cloud data platform migration security pipeline team delivery service latency cost budget incident observability dashboard metric trace deployment release test contract schema query index cache replica backup recovery audit compliance privacy model training inference feature experiment warehouse stream batch event queue worker cluster container network gateway identity access token review design architecture refactor performance reliability availability outage customer product roadmap'.split(
    ' ',
  ),
  es: 'nube datos plataforma migración seguridad canalización equipo entrega servicio latencia coste presupuesto incidente observabilidad panel métrica traza despliegue versión prueba contrato esquema consulta índice caché réplica copia recuperación auditoría cumplimiento privacidad modelo entrenamiento inferencia característica experimento almacén flujo lote evento cola trabajador clúster contenedor red pasarela identidad acceso token revisión diseño arquitectura refactorización rendimiento fiabilidad disponibilidad caída cliente producto hoja'.split(
    ' ',
  ),
} as const
type Language = keyof typeof WORDS

/** A fixed seed: every corpus holds the same documents. */
function generator() {
  let seed = 7
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
  const words = (language: Language, count: number) =>
    Array.from(
      { length: count },
      () => WORDS[language][Math.floor(random() * WORDS[language].length)]!,
    ).join(' ')
  const sentence = (language: Language, count: number) => {
    const text = words(language, count)
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`
  }
  return { random, words, sentence }
}

const text = (value: string) => ({
  mode: 'normal',
  text: value,
  type: 'text',
  style: '',
  detail: 0,
  format: 0,
  version: 1,
})
const block = { format: '', indent: 0, version: 1, direction: 'ltr' }
const paragraph = (value: string) => ({
  type: 'paragraph',
  ...block,
  textStyle: '',
  textFormat: 0,
  children: [text(value)],
})

/** A body as the Lexical editor stores it: paragraphs, a heading and a list (about 300 words). */
function lexicalBody(g: ReturnType<typeof generator>, language: Language) {
  const paragraphs = (count: number) =>
    Array.from({ length: count }, () =>
      paragraph(Array.from({ length: 4 }, () => g.sentence(language, 12)).join(' ')),
    )
  return {
    root: {
      type: 'root',
      ...block,
      children: [
        ...paragraphs(2),
        { tag: 'h2', type: 'heading', ...block, children: [text(g.sentence(language, 5))] },
        ...paragraphs(2),
        {
          tag: 'ul',
          type: 'list',
          start: 1,
          listType: 'bullet',
          ...block,
          children: [1, 2, 3].map((value) => ({
            type: 'listitem',
            value,
            ...block,
            children: [text(g.sentence(language, 8))],
          })),
        },
      ],
    },
  }
}

interface Collection {
  table: 'posts' | 'case_studies'
  slugPrefix: string
  /** Localized columns beyond title, excerpt, content (case studies' industry). */
  extraLocalized: string[]
  /** Columns of the document row beyond the common ones (case studies' client). */
  extraColumns: string[]
}

const COLLECTIONS = {
  posts: { table: 'posts', slugPrefix: 'corpus-post', extraLocalized: [], extraColumns: [] },
  caseStudies: {
    table: 'case_studies',
    slugPrefix: 'corpus-case-study',
    extraLocalized: ['industry'],
    extraColumns: ['client'],
  },
} satisfies Record<string, Collection>

async function insertDocuments(
  db: pg.Client,
  collection: Collection,
  count: number,
  g: ReturnType<typeof generator>,
  refs: { categories: number[]; media: number[] },
): Promise<void> {
  const { table, slugPrefix } = collection
  const hasClient = collection.extraColumns.includes('client')
  const hasIndustry = collection.extraLocalized.includes('industry')
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset)
    const numbers = Array.from({ length: size }, (_, index) => offset + index + 1)
    const covers = numbers.map((n) => refs.media[n % refs.media.length] ?? null)
    const clients = numbers.map(() => g.sentence('en', 2).slice(0, -1))
    await db.query('BEGIN')
    // One document every 30 minutes back from now: the newest corpus documents lead the lists.
    const { rows } = await db.query<{ id: number; n: number }>(
      `INSERT INTO ${table} (slug, published_at, cover_image_id, _status${hasClient ? ', client' : ''})
       SELECT '${slugPrefix}-' || n, date_trunc('minute', now()) - n * interval '30 minutes', cover, 'published'${hasClient ? ', client' : ''}
       FROM unnest($1::int[], $2::int[]${hasClient ? ', $3::text[]' : ''}) AS t(n, cover${hasClient ? ', client' : ''})
       RETURNING id, substring(slug from '(\\d+)$')::int AS n`,
      hasClient ? [numbers, covers, clients] : [numbers, covers],
    )
    const locales: string[] = []
    const parents: number[] = []
    const titles: string[] = []
    const excerpts: string[] = []
    const contents: string[] = []
    const industries: string[] = []
    const relParents: number[] = []
    const relOrders: number[] = []
    const relCategories: number[] = []
    for (const { id, n } of rows) {
      for (const language of ['en', 'es'] as const) {
        locales.push(language)
        parents.push(id)
        titles.push(`${g.sentence(language, 6).slice(0, -1)} ${n}`)
        excerpts.push(g.sentence(language, 25))
        contents.push(JSON.stringify(lexicalBody(g, language)))
        industries.push(g.words(language, 1))
      }
      const first = refs.categories[n % refs.categories.length]
      const second = refs.categories[(n * 7 + 3) % refs.categories.length]
      for (const [order, category] of [first, second].entries()) {
        if (category === undefined || (order === 1 && category === first)) continue
        relParents.push(id)
        relOrders.push(order + 1)
        relCategories.push(category)
      }
    }
    await db.query(
      `INSERT INTO ${table}_locales (title, excerpt, content, _locale, _parent_id${hasIndustry ? ', industry' : ''})
       SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::_locales[], $5::int[]${hasIndustry ? ', $6::text[]' : ''})`,
      hasIndustry
        ? [titles, excerpts, contents, locales, parents, industries]
        : [titles, excerpts, contents, locales, parents],
    )
    await db.query(
      `INSERT INTO ${table}_rels ("order", parent_id, path, categories_id)
       SELECT o, p, 'categories', c FROM unnest($1::int[], $2::int[], $3::int[]) AS t(o, p, c)`,
      [relOrders, relParents, relCategories],
    )
    // The latest version of each, published: what the admin's history shows.
    const ids = rows.map((row) => row.id)
    const { rows: versions } = await db.query<{ id: number; parent_id: number }>(
      `INSERT INTO _${table}_v (parent_id, version_slug, version_published_at, version_cover_image_id,
         version_updated_at, version_created_at, version__status, latest${hasClient ? ', version_client' : ''})
       SELECT id, slug, published_at, cover_image_id, updated_at, created_at, 'published', true${hasClient ? ', client' : ''}
       FROM ${table} WHERE id = ANY($1::int[]) RETURNING id, parent_id`,
      [ids],
    )
    await db.query(
      `INSERT INTO _${table}_v_locales (version_title, version_excerpt, version_content, _locale, _parent_id${hasIndustry ? ', version_industry' : ''})
       SELECT l.title, l.excerpt, l.content, l._locale, v.id${hasIndustry ? ', l.industry' : ''}
       FROM unnest($1::int[], $2::int[]) AS v(id, parent) JOIN ${table}_locales l ON l._parent_id = v.parent`,
      [versions.map((v) => v.id), versions.map((v) => v.parent_id)],
    )
    await db.query(
      `INSERT INTO _${table}_v_rels ("order", parent_id, path, categories_id)
       SELECT r."order", v.id, 'version.categories', r.categories_id
       FROM unnest($1::int[], $2::int[]) AS v(id, parent) JOIN ${table}_rels r ON r.parent_id = v.parent`,
      [versions.map((v) => v.id), versions.map((v) => v.parent_id)],
    )
    await db.query('COMMIT')
  }
}

const adminUrlOf = (databaseUrl: string) => {
  const url = new URL(databaseUrl)
  url.pathname = '/postgres'
  return url.toString()
}

export const corpusTemplateName = (size: CorpusSize) =>
  size.posts === 10_000 && size.caseStudies === 1_000
    ? 'consultancy_bench_corpus'
    : `consultancy_bench_corpus_${size.posts}_${size.caseStudies}`

const corpusLabel = (size: CorpusSize) =>
  `generator ${GENERATOR_VERSION}: ${size.posts} posts, ${size.caseStudies} case studies`

/** The template's media directory (the demo content's files the corpus points at). */
export const corpusMediaDir = (size: CorpusSize) =>
  path.resolve(`.data/${corpusTemplateName(size).replaceAll('_', '-')}-media`)

/** Generates the template (demo content, then the corpus); returns the seconds it took. */
async function buildTemplate(name: string, size: CorpusSize): Promise<number> {
  const started = performance.now()
  const databaseUrl = await createTestDatabase(name)
  const mediaDir = corpusMediaDir(size)
  mkdirSync(mediaDir, { recursive: true })
  const env = { DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, LOG_LEVEL: 'warn' }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrate failed')
  if ((await runScript('scripts/seed.ts', env)) !== 0) throw new Error('seed failed')
  await withConnection(databaseUrl, async (db) => {
    const categories = (await db.query<{ id: number }>('SELECT id FROM categories ORDER BY id'))
      .rows
    const media = (await db.query<{ id: number }>('SELECT id FROM media ORDER BY id')).rows
    const refs = { categories: categories.map((r) => r.id), media: media.map((r) => r.id) }
    const g = generator()
    await insertDocuments(db, COLLECTIONS.posts, size.posts, g, refs)
    await insertDocuments(db, COLLECTIONS.caseStudies, size.caseStudies, g, refs)
    await db.query('VACUUM ANALYZE')
  })
  await withConnection(adminUrlOf(databaseUrl), (admin) =>
    admin.query(`COMMENT ON DATABASE "${name}" IS '${corpusLabel(size)}'`),
  )
  return (performance.now() - started) / 1000
}

/**
 * A database `name` holding the corpus, copied from the template (built first when missing or
 * from another generator), migrated; returns the environment an app is started with and how
 * long generating took (null when the template was reused).
 */
export async function corpusDatabase(
  name: string,
  size: CorpusSize = DEFAULT_CORPUS,
): Promise<{
  env: { DATABASE_URL: string; MEDIA_DIR: string; LOG_LEVEL: string }
  generatedSeconds: number | null
}> {
  const template = corpusTemplateName(size)
  const scratch = await createTestDatabase(name)
  const admin = adminUrlOf(scratch)
  const existing = await withConnection(admin, (db) =>
    db.query<{ label: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS label FROM pg_database WHERE datname = $1`,
      [template],
    ),
  )
  const generatedSeconds =
    existing.rows[0]?.label === corpusLabel(size) ? null : await buildTemplate(template, size)
  await withConnection(admin, async (db) => {
    await db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await db.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  })
  const env = { DATABASE_URL: scratch, MEDIA_DIR: corpusMediaDir(size), LOG_LEVEL: 'warn' }
  // Migrations added since the template was built.
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrate failed')
  return { env, generatedSeconds }
}

// `tsx scripts/bench/corpus.ts` builds (or checks) the template alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/bench/corpus.ts')) {
  const name = `consultancy_corpus_check_${(process.env.TEST_RUN_ID ?? 'local').replaceAll('-', '_')}`
  corpusDatabase(name)
    .then(async ({ env, generatedSeconds }) => {
      await withConnection(env.DATABASE_URL, async (db) => {
        const { rows } = await db.query<{ posts: number; cases: number }>(
          `SELECT (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM case_studies)::int AS cases`,
        )
        console.log(
          `${corpusTemplateName(DEFAULT_CORPUS)}: ${rows[0]!.posts} posts, ${rows[0]!.cases} case studies` +
            (generatedSeconds === null
              ? ' (reused)'
              : ` (generated in ${generatedSeconds.toFixed(0)} s)`),
        )
      })
      await withConnection(adminUrlOf(env.DATABASE_URL), (db) =>
        db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      )
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
