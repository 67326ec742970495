/**
 * The columns of the inbox's CSV export, in their order: the inquiry as the sender wrote it (the
 * message included), where it stands, where it came from and how its mail went. The export
 * dialog asks for these, and the server fills them in for a request that names none; the
 * internal bookkeeping of delivery (lease, attempts) and the network hash stay out.
 */
export const INQUIRY_EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'name',
  'email',
  'phone',
  'service',
  'message',
  'locale',
  'status',
  'note',
  'source',
  'sourceClient',
  'sourcePage',
  'sourceSite',
  'channel',
  'deliveryStatus',
  'sentAt',
] as const

/** At most this many inquiries in one file; a larger export is refused with a message (413). */
export const INQUIRY_EXPORT_MAX_ROWS = 50_000
