/** Runs once when a server process starts (never during `next build`). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { deliveryWorker } = await import('@/inquiries/delivery')
  // Inquiries accepted before a restart, or waiting for a retry, go out from here.
  deliveryWorker().kick()
  // The content API's anonymous reads and the documents' twins, answered by the project's server
  // without Next's routing.
  const [{ registerContentReads }, { registerDocumentTwins }] = await Promise.all([
    import('@/content/in-process'),
    import('@/markdown/in-process'),
  ])
  registerContentReads()
  registerDocumentTwins()
}
