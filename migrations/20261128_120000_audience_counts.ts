import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Who is reading (src/audience/): visits counted per UTC day, channel, surface, agent and path,
 * added to by every instance (`count = count + excluded.count`). The project's own table, never
 * one of Payload's. No address, User-Agent, Referer, query or cookie has a column. The checks
 * hold the writer to its bounds (names.ts, aggregator.ts): a bug cannot store long text here. The
 * primary key leads with the day, which every report and the retention's DELETE select by.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(UP))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(`DROP TABLE IF EXISTS audience_counts`))
}

const UP = `
CREATE TABLE IF NOT EXISTS audience_counts (
  day date NOT NULL,
  channel text NOT NULL CHECK (channel IN ('person', 'search-crawler', 'ai-crawler',
    'ai-assistant', 'ai-referral', 'mcp-client', 'api-client', 'other-bot')),
  surface text NOT NULL CHECK (surface IN ('page', 'twin', 'llms', 'feed', 'api', 'mcp', 'media')),
  agent text NOT NULL DEFAULT '' CHECK (char_length(agent) <= 64),
  path text NOT NULL CHECK (char_length(path) <= 256),
  count bigint NOT NULL CHECK (count > 0),
  PRIMARY KEY (day, channel, surface, agent, path)
);
`
