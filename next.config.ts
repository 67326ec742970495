import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // Lets two builds (e.g. two worktrees' test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  reactStrictMode: true,
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
