import path from 'node:path'

import { defineConfig } from 'vitest/config'

const root = import.meta.dirname

/** The seed of the integration files' order: TEST_SEED, else a new one each run. */
const testSeed = Number(process.env.TEST_SEED) || Date.now() % 1_000_000

export default defineConfig({
  resolve: {
    alias: {
      '@payload-config': path.join(root, 'payload.config.ts'),
      '@': path.join(root, 'src'),
      'server-only': path.join(root, 'tests/support/empty.ts'),
    },
  },
  test: {
    // Files run in an order drawn from a seed (Vitest prints it first; TEST_SEED repeats an
    // order), so that no integration file can come to rely on what another one left behind.
    sequence: { shuffle: { files: true, tests: false }, seed: testSeed },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['tests/int/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // One app and one database serve every file: run files one after another so that
          // counts seen by one file are never changed by another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
