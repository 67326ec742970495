import pg from 'pg'

/**
 * The PostgreSQL channel a trigger notifies whenever published-content tables change (see the
 * `content_change_notify` migration). NOTIFY is delivered only when the writing transaction
 * commits, so a listener never hears of a publish before the new rows can be read, and every
 * instance, whoever wrote, hears of it.
 */
export const CONTENT_CHANNEL = 'content_changed'

const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 5_000

export interface ContentChangeFeed {
  close(): Promise<void>
}

/**
 * Listens for content changes on a dedicated connection. `onChange` runs for each committed
 * change; `onConnected(false)` when the connection is lost (changes may be missed until it is
 * back) and `onConnected(true)` once it listens again. It reconnects by itself, with backoff.
 */
export function listenForContentChanges(
  databaseUrl: string,
  handlers: { onChange: (table: string) => void; onConnected: (connected: boolean) => void },
): ContentChangeFeed {
  let client: pg.Client | undefined
  let closed = false
  let delay = RECONNECT_MIN_MS
  let timer: NodeJS.Timeout | undefined

  function scheduleReconnect(): void {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    timer.unref()
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }

  async function connect(): Promise<void> {
    const connection = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'content-change-listener',
      keepAlive: true,
    })
    client = connection
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      handlers.onConnected(false)
      connection.removeAllListeners('notification')
      void connection.end().catch(() => undefined)
      scheduleReconnect()
    }
    connection.on('error', onLost)
    connection.on('end', onLost)
    connection.on('notification', (message) => handlers.onChange(message.payload ?? ''))
    try {
      await connection.connect()
      await connection.query(`LISTEN ${CONTENT_CHANNEL}`)
      if (closed) {
        await connection.end()
        return
      }
      delay = RECONNECT_MIN_MS
      handlers.onConnected(true)
    } catch {
      onLost()
    }
  }

  void connect()

  return {
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const connection = client
      client = undefined
      if (connection) {
        connection.removeAllListeners('end')
        connection.removeAllListeners('error')
        connection.on('error', () => undefined)
        await connection.end().catch(() => undefined)
      }
    },
  }
}
