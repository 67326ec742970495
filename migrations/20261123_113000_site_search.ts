import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Site search (src/search/): one row per published post or case study and locale, with its plain
 * text and a weighted tsvector (title A, excerpt B, body C), kept in step with the content tables
 * by triggers in the writing transaction, so a publish is searchable, and an unpublish or delete
 * gone, the moment it commits, whoever wrote it (admin, REST, scheduled publishing, seed, SQL).
 * Only rows whose document is published are copied: drafts (which live in the main table until a
 * first publish, and in the version tables after it) and editors-only fields never are.
 *
 * Languages: `search_english` and `search_spanish` are the built-in configurations with accents
 * folded (`unaccent`) before stemming, so "migración", "migracion" and "migraciones" meet.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(UP))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(DOWN))
}

const COLLECTIONS = [
  { collection: 'posts', table: 'posts' },
  { collection: 'case-studies', table: 'case_studies' },
] as const

export const UP = `
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION search_english
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
CREATE TEXT SEARCH CONFIGURATION search_spanish (COPY = spanish);
ALTER TEXT SEARCH CONFIGURATION search_spanish
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;

CREATE TABLE search_documents (
  collection text NOT NULL CHECK (collection IN ('posts', 'case-studies')),
  document_id integer NOT NULL,
  locale text NOT NULL CHECK (locale IN ('en', 'es')),
  slug varchar NOT NULL,
  published_at timestamp(3) with time zone,
  title text NOT NULL,
  excerpt text NOT NULL,
  body text NOT NULL,
  search_vector tsvector NOT NULL,
  PRIMARY KEY (collection, document_id, locale)
);
-- Without the pending list: writes are rare (a publish), and a search that scans an unmerged
-- pending list costs milliseconds where the index answers in microseconds.
CREATE INDEX search_documents_vector_idx ON search_documents USING gin (search_vector)
  WITH (fastupdate = off);

-- The text configuration of a locale.
CREATE FUNCTION search_config(locale text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE locale WHEN 'es' THEN 'search_spanish'::regconfig ELSE 'search_english'::regconfig END $$;

-- The plain text of a Lexical editor state: inline children (text, links) run together, block
-- children (paragraphs, headings, list items, table cells) are separated, unknown nodes give
-- their text. U+E000 and U+E001 are dropped: snippets use them to mark hits.
CREATE FUNCTION search_lexical_text(node jsonb) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  child jsonb;
  parts text := '';
BEGIN
  IF node IS NULL OR jsonb_typeof(node) <> 'object' THEN RETURN ''; END IF;
  IF node ? 'root' THEN RETURN search_lexical_text(node -> 'root'); END IF;
  IF node ->> 'type' = 'text' THEN RETURN coalesce(node ->> 'text', ''); END IF;
  IF node ->> 'type' IN ('linebreak', 'tab') THEN RETURN ' '; END IF;
  IF jsonb_typeof(node -> 'children') IS DISTINCT FROM 'array' THEN RETURN ''; END IF;
  FOR child IN SELECT value FROM jsonb_array_elements(node -> 'children') LOOP
    IF child ->> 'type' IN ('text', 'link', 'autolink', 'linebreak', 'tab') THEN
      parts := parts || search_lexical_text(child);
    ELSE
      parts := parts || ' ' || search_lexical_text(child) || ' ';
    END IF;
  END LOOP;
  RETURN parts;
END $$;

CREATE FUNCTION search_clean_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(translate(coalesce(value, ''), E'\\uE000\\uE001', ''), '\\s+', ' ', 'g')) $$;

-- Rewrites the rows of one document: its published locales, or nothing.
CREATE FUNCTION search_refresh(target_collection text, target_id integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  main_table text := CASE target_collection WHEN 'posts' THEN 'posts' ELSE 'case_studies' END;
BEGIN
  DELETE FROM search_documents WHERE collection = target_collection AND document_id = target_id;
  EXECUTE format($sql$
    INSERT INTO search_documents
      (collection, document_id, locale, slug, published_at, title, excerpt, body, search_vector)
    SELECT $1, d.id, t.locale, d.slug, d.published_at, t.title, t.excerpt, t.body,
      setweight(to_tsvector(search_config(t.locale), t.title), 'A') ||
      setweight(to_tsvector(search_config(t.locale), t.excerpt), 'B') ||
      setweight(to_tsvector(search_config(t.locale), t.body), 'C')
    FROM %I d
    JOIN %I l ON l._parent_id = d.id
    CROSS JOIN LATERAL (SELECT
      l._locale::text AS locale,
      search_clean_text(l.title) AS title,
      search_clean_text(l.excerpt) AS excerpt,
      search_clean_text(search_lexical_text(l.content)) AS body) t
    WHERE d.id = $2 AND d._status = 'published' AND d.slug IS NOT NULL AND t.title <> ''
  $sql$, main_table, main_table || '_locales') USING target_collection, target_id;
END $$;

-- Row triggers: TG_ARGV[0] is the collection, TG_ARGV[1] the column naming the document.
CREATE FUNCTION search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_id integer := CASE WHEN TG_OP <> 'DELETE' THEN (to_jsonb(NEW) ->> TG_ARGV[1])::integer END;
  old_id integer := CASE WHEN TG_OP <> 'INSERT' THEN (to_jsonb(OLD) ->> TG_ARGV[1])::integer END;
BEGIN
  IF new_id IS NOT NULL THEN PERFORM search_refresh(TG_ARGV[0], new_id); END IF;
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM search_refresh(TG_ARGV[0], old_id);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_documents_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE collection = TG_ARGV[0];
  RETURN NULL;
END $$;

${COLLECTIONS.map(
  ({ collection, table }) => `
CREATE TRIGGER "${table}_search" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync('${collection}', 'id');
CREATE TRIGGER "${table}_locales_search" AFTER INSERT OR UPDATE OR DELETE ON "${table}_locales"
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync('${collection}', '_parent_id');
CREATE TRIGGER "${table}_search_truncated" AFTER TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_truncated('${collection}');
SELECT search_refresh('${collection}', id) FROM "${table}";`,
).join('\n')}
`

export const DOWN = `
${COLLECTIONS.map(
  ({ table }) => `
DROP TRIGGER "${table}_search" ON "${table}";
DROP TRIGGER "${table}_locales_search" ON "${table}_locales";
DROP TRIGGER "${table}_search_truncated" ON "${table}";`,
).join('\n')}
DROP FUNCTION search_documents_truncated();
DROP FUNCTION search_documents_sync();
DROP FUNCTION search_refresh(text, integer);
DROP FUNCTION search_clean_text(text);
DROP FUNCTION search_lexical_text(jsonb);
DROP FUNCTION search_config(text);
DROP TABLE search_documents;
DROP TEXT SEARCH CONFIGURATION search_spanish;
DROP TEXT SEARCH CONFIGURATION search_english;
`
