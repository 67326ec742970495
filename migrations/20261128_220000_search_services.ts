import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Services in the site search (src/search/): one row per published service and locale, like the
 * posts' and case studies' (the site-search migration), kept by the same row triggers on the
 * services tables, so a publish, unpublish or delete is searchable or gone when it commits.
 * Title A, summary B (the `excerpt` column), what-we-do and engagement C (plain text: they are
 * textareas, not rich text); the slug is the service's key (its page is `/{locale}/…/{key}`,
 * src/site/routes.ts `paths.service`) and there is no date. A locale is indexed only when the
 * service is published and that locale has a title of its own (the listed rule,
 * src/site/listed.ts), as for the other collections.
 *
 * `search_refresh` keeps its name and signature (the triggers and the backfills call it): the
 * documents' version is renamed `search_refresh_document` and the new `search_refresh` hands it
 * every collection but services, so its text (the rank-vector migration's) is not copied here.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(UP))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(DOWN))
}

export const UP = `
ALTER TABLE search_documents DROP CONSTRAINT search_documents_collection_check;
ALTER TABLE search_documents ADD CONSTRAINT search_documents_collection_check
  CHECK (collection IN ('posts', 'case-studies', 'services'));

ALTER FUNCTION search_refresh(text, integer) RENAME TO search_refresh_document;

-- Rewrites the rows of one document: its published locales, or nothing.
CREATE FUNCTION search_refresh(target_collection text, target_id integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF target_collection <> 'services' THEN
    PERFORM search_refresh_document(target_collection, target_id);
    RETURN;
  END IF;
  DELETE FROM search_documents WHERE collection = 'services' AND document_id = target_id;
  INSERT INTO search_documents
    (collection, document_id, locale, slug, published_at, title, excerpt, body, search_vector,
     rank_vector)
  SELECT 'services', d.id, t.locale, d.key::text, NULL, t.title, t.excerpt, t.body,
    setweight(to_tsvector(search_config(t.locale), t.title), 'A') ||
    setweight(to_tsvector(search_config(t.locale), t.excerpt), 'B') ||
    setweight(to_tsvector(search_config(t.locale), t.body), 'C'),
    search_rank_vector(t.locale, t.title, t.excerpt)
  FROM services d
  JOIN services_locales l ON l._parent_id = d.id
  CROSS JOIN LATERAL (SELECT
    l._locale::text AS locale,
    search_clean_text(l.title) AS title,
    search_clean_text(l.summary) AS excerpt,
    search_clean_text(concat_ws(' ', l.what_we_do, l.engagement)) AS body) t
  WHERE d.id = target_id AND d._status = 'published' AND d.key IS NOT NULL AND t.title <> '';
END $$;

-- Related documents (services_rels) are not searched, so only these two tables are watched.
CREATE TRIGGER "services_search" AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync('services', 'id');
CREATE TRIGGER "services_locales_search" AFTER INSERT OR UPDATE OR DELETE ON "services_locales"
  FOR EACH ROW EXECUTE FUNCTION search_documents_sync('services', '_parent_id');
CREATE TRIGGER "services_search_truncated" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_truncated('services');
SELECT search_refresh('services', id) FROM "services";
`

export const DOWN = `
DROP TRIGGER "services_search" ON "services";
DROP TRIGGER "services_locales_search" ON "services_locales";
DROP TRIGGER "services_search_truncated" ON "services";
DELETE FROM search_documents WHERE collection = 'services';
DROP FUNCTION search_refresh(text, integer);
ALTER FUNCTION search_refresh_document(text, integer) RENAME TO search_refresh;
ALTER TABLE search_documents DROP CONSTRAINT search_documents_collection_check;
ALTER TABLE search_documents ADD CONSTRAINT search_documents_collection_check
  CHECK (collection IN ('posts', 'case-studies'));
`
