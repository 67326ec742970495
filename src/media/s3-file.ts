import 'server-only'

import {
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3'

import { processSingleton } from '@/lib/process-singleton'

import type { S3Settings } from './s3'
import type { StoredFile } from './stored-file'

function client(settings: S3Settings): S3Client {
  return processSingleton('media-s3-client', () => new S3Client(settings.client))
}

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

/**
 * A media object in S3, as the file server reads local files: size and time from a HEAD, then
 * exactly the requested bytes (a ranged GET that must match the HEAD's ETag, so the headers
 * describe the bytes sent even if the object is replaced meanwhile). Bytes flow from S3 to the
 * client as the client reads them.
 */
export async function openS3File(settings: S3Settings, name: string): Promise<StoredFile | null> {
  const key = name
  let head
  try {
    head = await client(settings).send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }))
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
  const size = head.ContentLength ?? 0
  const modified = head.LastModified?.getTime() ?? 0
  const controller = new AbortController()
  return {
    size,
    mtimeNs: BigInt(modified) * 1_000_000n,
    stream: (start, end) => {
      let body: ReadableStream<Uint8Array> | undefined
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
      return new ReadableStream<Uint8Array>(
        {
          async pull(stream) {
            try {
              if (!reader) {
                const object = await client(settings).send(
                  new GetObjectCommand({
                    Bucket: settings.bucket,
                    Key: key,
                    Range: `bytes=${start}-${end}`,
                    IfMatch: head.ETag,
                  }),
                  { abortSignal: controller.signal },
                )
                body = object.Body?.transformToWebStream()
                if (!body) throw new Error('S3 answered without a body.')
                reader = body.getReader()
              }
              const { done, value } = await reader.read()
              if (done) stream.close()
              else stream.enqueue(value)
            } catch (error) {
              stream.error(error)
            }
          },
          async cancel() {
            controller.abort()
            await reader?.cancel().catch(() => {})
          },
        },
        { highWaterMark: 1 },
      )
    },
    close: async () => controller.abort(),
  }
}
