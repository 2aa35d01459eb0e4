import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'build',
          include: ['test/{build,contract,search,publish,e2e,import}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // Hooks build whole sites (this repository's content/, fixtures) before their tests: as long as a test may take, and more.
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                JWT_SECRET: 'test-secret-of-at-least-thirty-two-bytes!',
                // Every request re-reads the pointer, so each test sees what it published.
                POINTER_TTL_SECONDS: '0',
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          // Some tests publish a whole build into local KV before they ask: seconds on a shared 2-core machine, more than vitest's default 5 s.
          testTimeout: 20_000,
          globalSetup: ['test/worker/global-setup.ts'],
        },
      },
    ],
  },
})
