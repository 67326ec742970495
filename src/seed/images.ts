/**
 * Draws the demo pictures locally (no network): a diagonal gradient with one word on it, rendered
 * from SVG to a 1600×900 PNG by sharp.
 */
import sharp from 'sharp'

import type { SeedImage } from './content'

const WIDTH = 1600
const HEIGHT = 900

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

function coverSvg({ word, colors: [from, to] }: SeedImage): string {
  // Bold sans-serif glyphs average about 0.65em: keep the word within ~80% of the width.
  const fontSize = Math.min(160, Math.floor((WIDTH * 0.8) / (word.length * 0.65)))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${escapeXml(from)}"/>
      <stop offset="1" stop-color="${escapeXml(to)}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="${WIDTH - 220}" cy="180" r="320" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="160" cy="${HEIGHT - 120}" r="240" fill="#ffffff" fill-opacity="0.05"/>
  <rect x="${WIDTH / 2 - 60}" y="${HEIGHT / 2 + fontSize * 0.45}" width="120" height="8" rx="4" fill="#ffffff" fill-opacity="0.7"/>
  <text x="${WIDTH / 2}" y="${HEIGHT / 2 + fontSize * 0.1}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(word)}</text>
</svg>`
}

/** The PNG bytes of an image's picture. */
export async function renderImage(image: SeedImage): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(image)))
    .png({ compressionLevel: 9 })
    .toBuffer()
}
