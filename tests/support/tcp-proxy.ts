import { createServer, connect, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  /** Cuts every connection and refuses new ones, as a stopped server would. */
  down: () => void
  /** Accepts connections again. */
  up: () => void
  close: () => Promise<void>
}

/** A TCP proxy to `target` that a test can take down and bring back (a database "restart"). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let accepting = true
  const server = createServer((client) => {
    if (!accepting) {
      client.destroy()
      return
    }
    const upstream = connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    down: () => {
      accepting = false
      for (const socket of sockets) socket.destroy()
    },
    up: () => {
      accepting = true
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
