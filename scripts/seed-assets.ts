/**
 * Rebuilds the demo pictures in src/seed/assets/ (run by hand; the seed only reads the results):
 *
 *   tsx scripts/seed-assets.ts <directory with the Debian packages' files>
 *
 * The photographs come from Debian's lomiri-wallpapers-16.04 and lomiri-wallpapers-20.04
 * packages (`apt-get download`, then `dpkg-deb -x` each into the directory given): each is
 * cropped to its slot's shape around its most salient region and written as a progressive
 * JPEG no wider than the site's largest generated size, so the repository carries a few hundred
 * kilobytes per picture, not the packages' megabytes. The team portraits are drawn here (SVG →
 * PNG). docs/credits.md says where each file came from, under which licence, and what was
 * changed.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import sharp from 'sharp'

import {
  PHOTO_ASSETS,
  PORTRAIT_ASSETS,
  SEED_ASSETS_DIR,
  portraitSvg,
} from '../src/seed/shipped-assets'

/** JPEG quality: no visible artefacts at the article's width, ~150–350 KB a photograph. */
const JPEG_QUALITY = 78

async function main(): Promise<void> {
  const sourceRoot = process.argv[2]
  if (!sourceRoot) throw new Error('Usage: tsx scripts/seed-assets.ts <extracted packages dir>')
  await mkdir(SEED_ASSETS_DIR, { recursive: true })
  for (const asset of PHOTO_ASSETS) {
    const source = path.join(sourceRoot, asset.source.package, asset.source.path)
    const bytes = await sharp(source)
      .rotate()
      .resize(asset.width, asset.height, { fit: 'cover', position: sharp.strategy.attention })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true, progressive: true })
      .toBuffer()
    await writeFile(path.join(SEED_ASSETS_DIR, asset.file), bytes)
    console.log(`${asset.file}: ${Math.round(bytes.length / 1024)} KB`)
  }
  for (const asset of PORTRAIT_ASSETS) {
    const bytes = await sharp(Buffer.from(portraitSvg(asset.portrait)))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
    await writeFile(path.join(SEED_ASSETS_DIR, asset.file), bytes)
    console.log(`${asset.file}: ${Math.round(bytes.length / 1024)} KB`)
  }
}

await main()
