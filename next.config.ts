import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

import { PAGE_IMAGE_WIDTHS } from './src/media/image-loader'

const nextConfig: NextConfig = {
  // Lets two builds (e.g. two worktrees' test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Every visitor is served like a crawler: a page's metadata (title, description, canonical,
  // hreflang) is always in <head>, never streamed into <body> after it. The response cache serves
  // one copy to browsers and crawlers alike, so that copy must not depend on who asked first or
  // on how fast the metadata settled.
  htmlLimitedBots: /.*/,
  // The Docker image ships only what the server needs (see Dockerfile).
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  reactStrictMode: true,
  images: {
    // Every srcset lists the widths Payload generates at upload, each naming a file of that width
    // (the loader is src/media/image-loader.ts); Next's defaults would repeat one file under
    // widths it doesn't have.
    deviceSizes: [...PAGE_IMAGE_WIDTHS],
    imageSizes: [],
  },
  experimental: {
    // Next.js loads every route's server bundle at start by default, the admin UI's included:
    // ~100 MB of RSS and seconds of start for code most instances never run. Routes load on first use.
    preloadEntriesOnStart: false,
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
