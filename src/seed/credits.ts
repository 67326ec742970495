/**
 * The credit line of each shipped picture (src/media/credit.ts), from the manifest's author and
 * licence (src/seed/shipped-assets.ts), so the seed and docs/credits.md cannot disagree.
 */
import { PHOTO_ASSETS, type AssetLicence } from './shipped-assets'

/** The licences as their deeds name them. */
const LICENCE_NAMES: Readonly<Record<AssetLicence, string>> = {
  'CC0-1.0': 'CC0 1.0',
  'CC-BY-4.0': 'CC BY 4.0',
  'CC-BY-SA-3.0': 'CC BY-SA 3.0',
  'CC-BY-SA-4.0': 'CC BY-SA 4.0',
}

/** "Photo: <author>, <licence>" for a shipped photograph; null for the portraits drawn here. */
export function seedCredit(filename: string): string | null {
  const asset = PHOTO_ASSETS.find((photo) => photo.file === filename)
  if (!asset) return null
  return `Photo: ${asset.source.author}, ${LICENCE_NAMES[asset.source.licence]}`
}
