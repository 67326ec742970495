/**
 * The demo pictures the repository ships (src/seed/assets/): which file, where it came from and
 * under which licence (docs/credits.md says the same for readers), and its shape. Written by
 * scripts/seed-assets.ts; the seed uploads the files as they are, so a fresh clone seeds without
 * any Debian package installed.
 */
import path from 'node:path'

/** Where the files live: beside this module, wherever the checkout is. */
export const SEED_ASSETS_DIR = path.join(import.meta.dirname, 'assets')

export type AssetLicence = 'CC0-1.0' | 'CC-BY-4.0' | 'CC-BY-SA-3.0' | 'CC-BY-SA-4.0'

export interface PhotoAsset {
  /** The file's name in src/seed/assets/ and the name it is uploaded under. */
  file: string
  source: {
    /** The Debian package the original is in. */
    package: 'lomiri-wallpapers-16.04' | 'lomiri-wallpapers-20.04'
    /** The original's path inside the package. */
    path: string
    author: string
    licence: AssetLicence
  }
  /** The crop written (the slot's shape: 16:9 for covers). */
  width: number
  height: number
}

const LOMIRI_16 = 'lomiri-wallpapers-16.04'
const LOMIRI_20 = 'lomiri-wallpapers-20.04'
const BACKGROUNDS = 'usr/share/backgrounds'

/** Covers are 16:9 at the width of the site's largest generated size (`large`, 1600). */
const COVER = { width: 1600, height: 900 } as const

function photo(
  file: string,
  pkg: PhotoAsset['source']['package'],
  original: string,
  author: string,
  licence: AssetLicence,
  size: { width: number; height: number } = COVER,
): PhotoAsset {
  return {
    file,
    source: { package: pkg, path: `${BACKGROUNDS}/${original}`, author, licence },
    ...size,
  }
}

export const PHOTO_ASSETS: readonly PhotoAsset[] = [
  photo(
    'cover-observability-before-incidents.jpg',
    LOMIRI_16,
    'greentock_by_Peter_Nerlich.jpg',
    'Peter Nerlich',
    'CC-BY-SA-4.0',
  ),
  photo(
    'cover-cloud-cost-guardrails.jpg',
    LOMIRI_16,
    'Bridge_by_Sander_Klootwijk.jpg',
    'Sander Klootwijk',
    'CC-BY-SA-4.0',
  ),
  photo(
    'cover-data-contracts-in-practice.jpg',
    LOMIRI_16,
    'life_by_Aitzol_Berasategi.jpg',
    'Aitzol Berasategi',
    'CC-BY-4.0',
  ),
  photo(
    'cover-strangler-fig-modernization.jpg',
    LOMIRI_16,
    'Picture_0B_by_freespace.jpg',
    'Trevor "Freespace"',
    'CC-BY-4.0',
  ),
  photo(
    'cover-zero-trust-for-mid-sized-teams.jpg',
    LOMIRI_16,
    'friends_by_Aitzol_Berasategi.jpg',
    'Aitzol Berasategi',
    'CC-BY-4.0',
  ),
  photo(
    'cover-platform-teams-paved-roads.jpg',
    LOMIRI_16,
    'picosdeeuropa_by_Aitzol_Berasategi.jpg',
    'Aitzol Berasategi',
    'CC-BY-4.0',
  ),
  photo(
    'cover-ml-models-in-production.jpg',
    LOMIRI_16,
    'seeding_by_Clements_Engelhardt.jpg',
    'Clemens Engelhardt',
    'CC0-1.0',
  ),
  photo(
    'cover-evolving-post.jpg',
    LOMIRI_16,
    'aitzgorri_by_Aitzol_Berasategi.jpg',
    'Aitzol Berasategi',
    'CC-BY-4.0',
  ),
  photo(
    'cover-logistics-cloud-migration.jpg',
    LOMIRI_20,
    'Kleiber_by_Lukas_Baubkus.jpg',
    'Lukas Baubkus',
    'CC-BY-SA-3.0',
  ),
  photo(
    'cover-retail-demand-forecasting.jpg',
    LOMIRI_20,
    'Infinite-Sea_by_Aury88.jpg',
    'Aury88',
    'CC-BY-SA-3.0',
  ),
  photo(
    'cover-credit-union-payments-platform.jpg',
    LOMIRI_16,
    'umang_by_Abhishek_Mudgal.jpg',
    'Abhishek Mudgal',
    'CC-BY-4.0',
  ),
  photo(
    'cover-clinic-network-data-platform.jpg',
    LOMIRI_16,
    'Dragonfly_by_Bolly.jpg',
    '"Bolly"',
    'CC-BY-SA-4.0',
  ),
  photo(
    'home-hero.jpg',
    LOMIRI_16,
    'sunset_by_Aitzol_Berasategi.jpg',
    'Aitzol Berasategi',
    'CC-BY-4.0',
  ),
  photo(
    'unannounced-client-logo.jpg',
    LOMIRI_16,
    'Picture_1A_by_freespace.jpg',
    'Trevor "Freespace"',
    'CC-BY-4.0',
    { width: 1200, height: 675 },
  ),
  photo(
    'about-studio.jpg',
    LOMIRI_16,
    'free_by_Peter_Nerlich.jpg',
    'Peter Nerlich',
    'CC-BY-SA-4.0',
    { width: 1600, height: 1067 },
  ),
]

// ---------------------------------------------------------------------------------------------
// Illustrated team portraits: one flat style, drawn here, so no real person's likeness is used.
// ---------------------------------------------------------------------------------------------

export interface Portrait {
  background: string
  skin: string
  hair: string
  shirt: string
  hairStyle: 'short' | 'long' | 'bun' | 'curly' | 'bald'
  glasses: boolean
}

export interface PortraitAsset {
  file: string
  portrait: Portrait
}

/** Square, large enough for a 400 px slot at twice the density. */
export const PORTRAIT_SIZE = 800

export const PORTRAIT_ASSETS: readonly PortraitAsset[] = [
  {
    file: 'team-portrait-1.png',
    portrait: {
      background: '#cfe8e4',
      skin: '#f1c9a5',
      hair: '#3b2a20',
      shirt: '#0f766e',
      hairStyle: 'short',
      glasses: true,
    },
  },
  {
    file: 'team-portrait-2.png',
    portrait: {
      background: '#fde2c8',
      skin: '#8d5a3b',
      hair: '#1c1917',
      shirt: '#c2410c',
      hairStyle: 'curly',
      glasses: false,
    },
  },
  {
    file: 'team-portrait-3.png',
    portrait: {
      background: '#dbe4fb',
      skin: '#e8b98f',
      hair: '#a16207',
      shirt: '#1e3a8a',
      hairStyle: 'long',
      glasses: false,
    },
  },
  {
    file: 'team-portrait-4.png',
    portrait: {
      background: '#e9e3f5',
      skin: '#c68b62',
      hair: '#292524',
      shirt: '#6d28d9',
      hairStyle: 'bun',
      glasses: true,
    },
  },
  {
    file: 'team-portrait-5.png',
    portrait: {
      background: '#e2ecd5',
      skin: '#5c3a26',
      hair: '#0c0a09',
      shirt: '#3f6212',
      hairStyle: 'bald',
      glasses: false,
    },
  },
  {
    file: 'team-portrait-6.png',
    portrait: {
      background: '#f3e1e6',
      skin: '#f5d0b5',
      hair: '#7c2d12',
      shirt: '#334155',
      hairStyle: 'short',
      glasses: false,
    },
  },
]

/** The hair drawn behind the head (long hair falls behind the shoulders). */
function hairBehind({ hair, hairStyle }: Portrait): string {
  switch (hairStyle) {
    case 'long':
      return `<path d="M250 330 Q250 170 400 170 Q550 170 550 330 L570 600 L230 600 Z" fill="${hair}"/>`
    case 'bun':
      return `<circle cx="400" cy="170" r="62" fill="${hair}"/>`
    case 'curly':
      return [0, 1, 2, 3, 4, 5, 6, 7, 8]
        .map((i) => {
          const angle = Math.PI + (i / 8) * Math.PI
          const x = 400 + Math.cos(angle) * 150
          const y = 320 + Math.sin(angle) * 150
          return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="62" fill="${hair}"/>`
        })
        .join('')
    default:
      return ''
  }
}

/** The hair drawn over the top of the head. */
function hairFront({ hair, hairStyle }: Portrait): string {
  switch (hairStyle) {
    case 'short':
      return `<path d="M262 320 Q262 180 400 180 Q538 180 538 320 Q500 250 400 250 Q300 250 262 320 Z" fill="${hair}"/>`
    case 'long':
    case 'bun':
      return `<path d="M258 330 Q258 190 400 190 Q542 190 542 330 Q480 240 380 250 Q300 260 258 330 Z" fill="${hair}"/>`
    default:
      return ''
  }
}

/** One portrait as SVG: flat shapes on a tinted square, no facial detail but the eyes. */
export function portraitSvg(portrait: Portrait): string {
  const { background, skin, shirt, glasses } = portrait
  const lenses = glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="8"><circle cx="350" cy="345" r="30"/><circle cx="450" cy="345" r="30"/><path d="M380 345 H420"/></g>`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${background}"/>
  ${hairBehind(portrait)}
  <path d="M160 800 Q160 560 400 560 Q640 560 640 800 Z" fill="${shirt}"/>
  <rect x="360" y="450" width="80" height="120" rx="30" fill="${skin}"/>
  <ellipse cx="400" cy="340" rx="140" ry="160" fill="${skin}"/>
  ${hairFront(portrait)}
  <circle cx="350" cy="345" r="11" fill="#1f2937"/>
  <circle cx="450" cy="345" r="11" fill="#1f2937"/>
  <path d="M365 420 Q400 445 435 420" fill="none" stroke="#1f2937" stroke-width="8" stroke-linecap="round"/>
  ${lenses}
</svg>`
}

/** Every file the repository ships in src/seed/assets/. */
export const SHIPPED_ASSET_FILES: readonly string[] = [
  ...PHOTO_ASSETS.map((asset) => asset.file),
  ...PORTRAIT_ASSETS.map((asset) => asset.file),
]
