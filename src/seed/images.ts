/**
 * The demo pictures' bytes: the licensed photographs and drawn portraits shipped in
 * src/seed/assets/ (src/seed/shipped-assets.ts, docs/credits.md), read as they are. Nothing is
 * drawn or recompressed at seed time, so seeding stays fast and every install shows the same
 * files.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import type { SeedImage } from './content'
import { SEED_ASSETS_DIR } from './shipped-assets'

/** The MIME types of the formats the assets are shipped in, by extension. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

export interface SeedImageFile {
  data: Buffer
  mimetype: string
}

/** The MIME type of a shipped asset, from its name (only the formats above are shipped). */
export function seedImageMimeType(filename: string): string {
  const mimetype = MIME_TYPES[path.extname(filename).toLowerCase()]
  if (!mimetype) throw new Error(`No shipped image format for ${filename}`)
  return mimetype
}

/** An image's file, from src/seed/assets/ (the same name it is uploaded under). */
export async function readSeedImage(image: Pick<SeedImage, 'filename'>): Promise<SeedImageFile> {
  const mimetype = seedImageMimeType(image.filename)
  const data = await readFile(path.join(SEED_ASSETS_DIR, image.filename))
  return { data, mimetype }
}
