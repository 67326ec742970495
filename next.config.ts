import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // Lets two builds (e.g. two worktrees' test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The Docker image ships only what the server needs (see Dockerfile).
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  reactStrictMode: true,
  experimental: {
    // Next.js loads every route's server bundle at start by default, the admin UI's included:
    // ~100 MB of RSS and seconds of start for code most instances never run. Routes load on first use.
    preloadEntriesOnStart: false,
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
