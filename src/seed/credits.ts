/**
 * The credit line of each shipped picture (src/media/credit.ts), from the manifest's author and
 * licence (src/seed/shipped-assets.ts), so the seed and docs/credits.md cannot disagree, and the
 * link it carries: the licence's deed, since the pictures' source is a Debian package, which has
 * no page of its own for one file.
 */
import { PHOTO_ASSETS, type AssetLicence } from './shipped-assets'

/** The licences as their deeds name them. */
const LICENCE_NAMES: Readonly<Record<AssetLicence, string>> = {
  'CC0-1.0': 'CC0 1.0',
  'CC-BY-4.0': 'CC BY 4.0',
  'CC-BY-SA-3.0': 'CC BY-SA 3.0',
  'CC-BY-SA-4.0': 'CC BY-SA 4.0',
}

/** Each licence's deed, as docs/credits.md links it. */
export const LICENCE_URLS: Readonly<Record<AssetLicence, string>> = {
  'CC0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'CC-BY-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'CC-BY-SA-3.0': 'https://creativecommons.org/licenses/by-sa/3.0/',
  'CC-BY-SA-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
}

/** "Photo: <author>, <licence>" for a shipped photograph; null for the portraits drawn here. */
export function seedCredit(filename: string): string | null {
  const asset = PHOTO_ASSETS.find((photo) => photo.file === filename)
  if (!asset) return null
  return `Photo: ${asset.source.author}, ${LICENCE_NAMES[asset.source.licence]}`
}

/** The link of a shipped photograph's credit: its licence's deed; null for the portraits. */
export function seedCreditUrl(filename: string): string | null {
  const asset = PHOTO_ASSETS.find((photo) => photo.file === filename)
  return asset ? LICENCE_URLS[asset.source.licence] : null
}
