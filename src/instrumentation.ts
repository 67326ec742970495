/** Runs once when a server process starts (never during `next build`). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const [{ deliveryWorker }, { webhookWorker }] = await Promise.all([
    import('@/inquiries/delivery'),
    import('@/webhooks/worker'),
  ])
  // Both workers exist before the first Payload client: at shutdown each finishes its attempt
  // under way before the database pool closes (shutdown tasks run in the order registered).
  const [mail, webhooks] = [deliveryWorker(), webhookWorker()]
  // Inquiries accepted before a restart, or waiting for a retry, go out from here; so do
  // webhooks (src/webhooks/).
  mail.kick()
  webhooks.kick()
  // The audit log's entries past their retention, deleted at start and hourly (src/audit/).
  const { auditLogPruning } = await import('@/audit/pruning')
  auditLogPruning()
  // Late or failed scheduled publishes: a notice on the dashboard and one alert each (src/scheduling/).
  const { scheduleMonitor } = await import('@/scheduling/monitor')
  scheduleMonitor()
  // The content API's anonymous reads and the documents' twins, answered by the project's server
  // without Next's routing.
  const [{ registerContentReads }, { registerDocumentTwins }] = await Promise.all([
    import('@/content/in-process'),
    import('@/markdown/in-process'),
  ])
  registerContentReads()
  registerDocumentTwins()
}
