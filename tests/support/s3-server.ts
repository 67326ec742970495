import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An S3-compatible object store for tests, path-style (`/{bucket}/{key}`), in memory: PUT, GET
 * (with `Range` and `If-Match`), HEAD, DELETE, multipart uploads and ListObjectsV2 — what the AWS
 * SDK sends for Payload's storage-s3 plugin, the file server and backups. Signatures are not checked. `requests` lists
 * what it was asked, so tests can tell that bytes really came from here.
 */
export interface S3TestServer {
  url: string
  bucket: string
  objects: Map<string, StoredObject>
  requests: { method: string; key: string; range?: string }[]
  stop: () => Promise<void>
}

interface StoredObject {
  body: Buffer
  etag: string
  type: string
  modified: Date
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

function fail(response: ServerResponse, status: number, code: string): void {
  response.writeHead(status, { 'Content-Type': 'application/xml' })
  response.end(xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`))
}

export async function startS3TestServer(bucket = 'media-test'): Promise<S3TestServer> {
  const objects = new Map<string, StoredObject>()
  const uploads = new Map<string, Map<number, Buffer>>()
  const requests: S3TestServer['requests'] = []

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.test')
    const [, requestedBucket, ...rest] = url.pathname.split('/')
    const key = decodeURIComponent(rest.join('/'))
    const range = request.headers.range
    requests.push({ method: request.method ?? 'GET', key, ...(range ? { range } : {}) })
    if (requestedBucket !== bucket) return fail(response, 404, 'NoSuchBucket')
    const body = await readBody(request)
    const uploadId = url.searchParams.get('uploadId')

    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID()
      uploads.set(id, new Map())
      response.writeHead(200, { 'Content-Type': 'application/xml' })
      return response.end(
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      )
    }
    if (request.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      // ListObjectsV2, in key order, in pages of `max-keys`; the token is the last key sent.
      const maxKeys = Number(url.searchParams.get('max-keys') ?? 1000)
      const after = url.searchParams.get('continuation-token') ?? ''
      const keys = [...objects.keys()].sort().filter((name) => name > after)
      const page = keys.slice(0, maxKeys)
      const truncated = keys.length > page.length
      const contents = page
        .map((name) => {
          const object = objects.get(name)!
          return `<Contents><Key>${name}</Key><Size>${object.body.length}</Size><ETag>${object.etag}</ETag><LastModified>${object.modified.toISOString()}</LastModified></Contents>`
        })
        .join('')
      response.writeHead(200, { 'Content-Type': 'application/xml' })
      return response.end(
        xml(
          `<ListBucketResult><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
        ),
      )
    }
    if (request.method === 'PUT' && uploadId) {
      const parts = uploads.get(uploadId)
      if (!parts) return fail(response, 404, 'NoSuchUpload')
      parts.set(Number(url.searchParams.get('partNumber')), body)
      response.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` })
      return response.end()
    }
    if (request.method === 'POST' && uploadId) {
      const parts = uploads.get(uploadId)
      if (!parts) return fail(response, 404, 'NoSuchUpload')
      const joined = Buffer.concat(
        [...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part),
      )
      uploads.delete(uploadId)
      const etag = `"${createHash('md5').update(joined).digest('hex')}-${parts.size}"`
      objects.set(key, {
        body: joined,
        etag,
        type: 'application/octet-stream',
        modified: new Date(),
      })
      response.writeHead(200, { 'Content-Type': 'application/xml' })
      return response.end(
        xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`,
        ),
      )
    }
    if (request.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId)
      response.writeHead(204)
      return response.end()
    }
    if (request.method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`
      objects.set(key, {
        body,
        etag,
        type: String(request.headers['content-type'] ?? 'application/octet-stream'),
        modified: new Date(),
      })
      response.writeHead(200, { ETag: etag })
      return response.end()
    }
    if (request.method === 'DELETE') {
      objects.delete(key)
      response.writeHead(204)
      return response.end()
    }

    const object = objects.get(key)
    if (!object) {
      if (request.method === 'HEAD') {
        response.writeHead(404)
        return response.end()
      }
      return fail(response, 404, 'NoSuchKey')
    }
    const ifMatch = request.headers['if-match']
    if (ifMatch && ifMatch !== object.etag) return fail(response, 412, 'PreconditionFailed')
    const headers = {
      'Content-Type': object.type,
      ETag: object.etag,
      'Last-Modified': object.modified.toUTCString(),
      'Accept-Ranges': 'bytes',
    }
    const match = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null
    if (match) {
      const start = Number(match[1])
      const end = Math.min(Number(match[2]), object.body.length - 1)
      const slice = object.body.subarray(start, end + 1)
      response.writeHead(206, {
        ...headers,
        'Content-Length': slice.length,
        'Content-Range': `bytes ${start}-${end}/${object.body.length}`,
      })
      return response.end(request.method === 'HEAD' ? undefined : slice)
    }
    response.writeHead(200, { ...headers, 'Content-Length': object.body.length })
    response.end(request.method === 'HEAD' ? undefined : object.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
