import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Site search at scale: a search ranked every matching row by the weighted tsvector of its whole
 * body (4 KB on a 400-word post, stored out of line), so a common two-word query on 10,000
 * documents read and ranked every match's full vector (seconds under load). Ranking now reads
 * `rank_vector`: the title (A) and the excerpt (B), small enough to stay inside the row (STORAGE
 * MAIN: never moved out of line while the row can hold it); the fewer bytes a row holds, the fewer
 * pages a common query visits, which is most of its time. Matching still uses `search_vector` over the whole body through its
 * GIN index, which answers a plain all-words query exactly, so the query never reads it.
 * The body and `search_vector` are kept out of line (STORAGE EXTERNAL), so a row is its keys,
 * title, excerpt and rank vector: the rows a common query ranks sit on a few pages, not one page
 * each as when the compressed body stayed in the row.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(UP))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(DOWN))
}

const REFRESH = (withRankVector: boolean) => `
CREATE OR REPLACE FUNCTION search_refresh(target_collection text, target_id integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  main_table text := CASE target_collection WHEN 'posts' THEN 'posts' ELSE 'case_studies' END;
BEGIN
  DELETE FROM search_documents WHERE collection = target_collection AND document_id = target_id;
  EXECUTE format($sql$
    INSERT INTO search_documents
      (collection, document_id, locale, slug, published_at, title, excerpt, body, search_vector${withRankVector ? ', rank_vector' : ''})
    SELECT $1, d.id, t.locale, d.slug, d.published_at, t.title, t.excerpt, t.body,
      setweight(to_tsvector(search_config(t.locale), t.title), 'A') ||
      setweight(to_tsvector(search_config(t.locale), t.excerpt), 'B') ||
      setweight(to_tsvector(search_config(t.locale), t.body), 'C')${
        withRankVector
          ? `,
      search_rank_vector(t.locale, t.title, t.excerpt)`
          : ''
      }
    FROM %I d
    JOIN %I l ON l._parent_id = d.id
    CROSS JOIN LATERAL (SELECT
      l._locale::text AS locale,
      search_clean_text(l.title) AS title,
      search_clean_text(l.excerpt) AS excerpt,
      search_clean_text(search_lexical_text(l.content)) AS body) t
    WHERE d.id = $2 AND d._status = 'published' AND d.slug IS NOT NULL AND t.title <> ''
  $sql$, main_table, main_table || '_locales') USING target_collection, target_id;
END $$;`

export const UP = `
-- What a search ranks by: title (A), excerpt (B).
CREATE FUNCTION search_rank_vector(locale text, title text, excerpt text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(search_config(locale), title), 'A') ||
         setweight(to_tsvector(search_config(locale), excerpt), 'B') $$;

ALTER TABLE search_documents ADD COLUMN rank_vector tsvector;
ALTER TABLE search_documents ALTER COLUMN rank_vector SET STORAGE MAIN;
-- Before the rows are rewritten below, so every row is stored this way.
ALTER TABLE search_documents ALTER COLUMN body SET STORAGE EXTERNAL;
ALTER TABLE search_documents ALTER COLUMN search_vector SET STORAGE EXTERNAL;
-- No statistics for the out-of-line vector: the planner's row cost leaves out detoasting it, so
-- with statistics it chose a sequential scan that detoasts every row (0.5 s) for a common word
-- over the GIN index (10 ms). Without them it always takes the index, which answers exactly.
ALTER TABLE search_documents ALTER COLUMN search_vector SET STATISTICS 0;
UPDATE search_documents SET rank_vector = search_rank_vector(locale, title, excerpt);
ALTER TABLE search_documents ALTER COLUMN rank_vector SET NOT NULL;
${REFRESH(true)}
`

export const DOWN = `
${REFRESH(false)}
ALTER TABLE search_documents DROP COLUMN rank_vector;
ALTER TABLE search_documents ALTER COLUMN body SET STORAGE EXTENDED;
ALTER TABLE search_documents ALTER COLUMN search_vector SET STORAGE EXTENDED;
ALTER TABLE search_documents ALTER COLUMN search_vector SET STATISTICS -1;
DROP FUNCTION search_rank_vector(text, text, text);
`
