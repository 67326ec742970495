/**
 * Where the site's media files live, as backup and restore see it: the local directory
 * (MEDIA_DIR) or the S3 bucket (S3_* settings, src/media/s3.ts). Both are listed, read and
 * written by path: a file's path under MEDIA_DIR is its key in the bucket.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { lstat, mkdir, opendir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

import type { S3Settings } from '@/media/s3'

export interface StoredMedia {
  /** Its path in the store, `/`-separated. */
  key: string
  size: number
  contentType?: string
}

export interface MediaStore {
  kind: 'local' | 's3'
  /** For messages: the directory, or s3://bucket. */
  label: string
  /** Every file, in pages as the store gives them. */
  list: () => AsyncGenerator<StoredMedia>
  /** The file's bytes, and the content type the store keeps with them (S3 only). */
  read: (key: string) => Promise<{ body: Readable; contentType?: string }>
  write: (key: string, file: string, media: { size: number; contentType?: string }) => Promise<void>
}

/** The first `count` files of a store (an emptiness check needs no full listing). */
export async function firstFiles(store: MediaStore, count: number): Promise<string[]> {
  const keys: string[] = []
  for await (const media of store.list()) {
    keys.push(media.key)
    if (keys.length >= count) break
  }
  return keys
}

export function localMediaStore(root: string): MediaStore {
  const resolved = path.resolve(root)
  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredMedia> {
    let entries
    try {
      entries = await opendir(dir)
    } catch (error) {
      // A media directory not created yet holds nothing.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for await (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) yield* walk(full, key)
      // Anything but a directory is a file here: a symlink makes a restore target not empty,
      // and a backup copies what it points at (the operator put it there).
      else yield { key, size: (await lstat(full)).size }
    }
  }
  const fileOf = (key: string) => {
    const file = path.resolve(resolved, ...key.split('/'))
    if (!file.startsWith(resolved + path.sep)) throw new Error(`${key} is outside ${resolved}`)
    return file
  }
  return {
    kind: 'local',
    label: resolved,
    list: () => walk(resolved, ''),
    read: async (key) => ({ body: createReadStream(fileOf(key)) }),
    write: async (key, source) => {
      const target = fileOf(key)
      await mkdir(path.dirname(target), { recursive: true })
      // `wx`: never replaces a file (the store was checked empty; a second writer would show here).
      await pipeline(createReadStream(source), createWriteStream(target, { flags: 'wx' }))
    },
  }
}

export function s3MediaStore(settings: S3Settings): MediaStore {
  const client = new S3Client(settings.client)
  const Bucket = settings.bucket
  return {
    kind: 's3',
    label: `s3://${Bucket}`,
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          // A key ending in `/` is a folder's placeholder (what S3 consoles create for "New
          // folder"): no file, and no path a backup could hold.
          if (object.Key && !object.Key.endsWith('/'))
            yield { key: object.Key, size: object.Size ?? 0 }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    read: async (Key) => {
      const object = await client.send(new GetObjectCommand({ Bucket, Key }))
      if (!object.Body) throw new Error(`s3://${Bucket}/${Key} answered without a body`)
      return {
        body: Readable.fromWeb(object.Body.transformToWebStream() as never),
        ...(object.ContentType ? { contentType: object.ContentType } : {}),
      }
    },
    write: async (Key, source, media) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: createReadStream(source),
          ContentLength: media.size,
          ...(media.contentType ? { ContentType: media.contentType } : {}),
        }),
      )
    },
  }
}
