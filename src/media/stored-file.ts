import 'server-only'

import { constants, type BigIntStats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'

/** Bytes read per chunk: large enough for disk and network throughput, small enough per stream. */
const CHUNK_SIZE = 256 * 1024

/** Missing, a directory, a symlink (`O_NOFOLLOW`), a path through a non-directory. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP'])

export interface StoredFile {
  size: number
  mtimeNs: bigint
  /** Streams bytes `start`..`end` (inclusive), then closes the file; cancelling closes it too. */
  stream: (start: number, end: number) => ReadableStream<Uint8Array>
  close: () => Promise<void>
}

/**
 * Opens `name` directly inside `dir`: a regular file, not through a symlink, never outside `dir`
 * (the name was already checked to be a single file name; this is the second lock). Returns null
 * when there is no such file. Size and time come from the open handle, so the headers describe
 * exactly the bytes that are streamed, even if the file is replaced meanwhile.
 */
export async function openStoredFile(dir: string, name: string): Promise<StoredFile | null> {
  const root = path.resolve(dir)
  const file = path.resolve(root, name)
  if (path.dirname(file) !== root) return null
  let handle: FileHandle
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return null
    throw error
  }
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await handle.close()
  }
  let stats: BigIntStats
  try {
    stats = await handle.stat({ bigint: true })
  } catch (error) {
    await close()
    throw error
  }
  if (!stats.isFile()) {
    await close()
    return null
  }
  return {
    size: Number(stats.size),
    mtimeNs: stats.mtimeNs,
    stream: (start, end) => fileStream(handle, start, end, close),
    close,
  }
}

/**
 * A pull stream: the next chunk is read only when the consumer (the socket) asks for it, so a
 * slow client or a 200 MB file costs one chunk of memory, not the file.
 */
function fileStream(
  handle: FileHandle,
  start: number,
  end: number,
  close: () => Promise<void>,
): ReadableStream<Uint8Array> {
  let position = start
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const length = Math.min(CHUNK_SIZE, end - position + 1)
          if (length <= 0) {
            await close()
            controller.close()
            return
          }
          const buffer = new Uint8Array(length)
          const { bytesRead } = await handle.read(buffer, 0, length, position)
          if (bytesRead === 0) throw new Error('The file is shorter than when it was opened.')
          position += bytesRead
          controller.enqueue(bytesRead === length ? buffer : buffer.subarray(0, bytesRead))
          if (position > end) {
            await close()
            controller.close()
          }
        } catch (error) {
          await close().catch(() => {})
          controller.error(error)
        }
      },
      async cancel() {
        await close()
      },
    },
    { highWaterMark: 1 },
  )
}
