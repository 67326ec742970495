import { BasePayload, type Payload, type SanitizedConfig } from 'payload'

/**
 * The project's Payload built in this process: its config as Payload sanitized it (plugins
 * applied) and the schema its PostgreSQL adapter builds from it (`payload.db.tables`). For tests
 * of what is derived from the collections' config. `config` defaults to the project's
 * (`@payload-config`, which reads its settings, DATABASE_URL among them, as it is first imported).
 */
async function inProcessPayload(
  config: SanitizedConfig | Promise<SanitizedConfig> | undefined,
  connect: boolean,
): Promise<Payload> {
  const resolved = await (config ?? (await import('@payload-config')).default)
  return new BasePayload().init({
    // No `payload generate:types` run beside the tests.
    config: { ...resolved, typescript: { ...resolved.typescript, autoGenerate: false } },
    disableDBConnect: !connect,
    disableOnInit: true,
  })
}

/** Without a database connection: a test that reads gives it one (`payload.db.drizzle`). */
export function payloadWithoutDatabase(
  config?: SanitizedConfig | Promise<SanitizedConfig>,
): Promise<Payload> {
  return inProcessPayload(config, false)
}

/** Connected to its config's database (no crons, no `onInit`); `destroy()` it afterwards. */
export function connectedPayload(
  config?: SanitizedConfig | Promise<SanitizedConfig>,
): Promise<Payload> {
  return inProcessPayload(config, true)
}
