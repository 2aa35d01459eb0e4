import type { KnipConfig } from 'knip'

// Unused files, exports and dependencies, checked by `npm run knip` before the tests.
// Every way code is started is named here, so a file reached by none of them is dead.
// knip finds some of them itself, and a name listed again would be redundant: the scripts in
// package.json (build/cli.ts, publish/cli.ts, import/cli.ts, scripts/start.ts, scripts/token.ts,
// scripts/import-sidebar.ts, bench/run.ts), wrangler.toml's main (worker/index.ts), and
// vitest.config.ts with its test files and globalSetup (test/worker/global-setup.ts).
// The ones below are started in ways knip cannot follow.
const config: KnipConfig = {
  entry: [
    // Run as a child process by scripts/import-sidebar.ts (fileURLToPath(new URL(...))).
    'scripts/evaluate-sidebars.ts',
    // Loaded as a thread by build/render-pool.ts (new Worker(new URL(...))).
    'build/render-worker.ts',
    // Run as a child process by import/sandbox/load-config.ts (fileURLToPath(new URL(...))).
    'import/sandbox/child.ts',
    // What `npm run bench` (bench/run.ts) starts by path: child processes, and the bundle it
    // serves from workerd; and the index builder the performance notes tell authors to run.
    'bench/build-child.ts',
    'bench/vitepress-child.ts',
    'bench/measure-index.ts',
    'bench/measure-search-heap.ts',
    'bench/bench-worker.ts',
    'bench/measure-index-builder.ts',
    // Run by hand when tuning the weights of search/options.ts.
    'bench/relevance-sweep.ts',
    // Type-checked and run by path by test/e2e/typed-client.test.ts.
    'test/typed-client/program.ts',
  ],
  // Entries export nothing unused either: knip takes every file named by new URL('./x.ts',
  // import.meta.url) for one (build/markdown/render.ts, hashed as code, is), and these would
  // otherwise hide their dead exports.
  includeEntryExports: true,
  ignoreIssues: {
    // workerd calls the default export of the bundle bench/measure-worker.ts builds from this file.
    'bench/bench-worker.ts': ['exports'],
    // test/e2e/typed-client.test.ts loads this file with import() after type-checking it.
    'test/typed-client/program.ts': ['exports'],
  },
  ignore: [
    // Input, not code of this project: Markdown, MDX and other frameworks' config files
    // (VitePress, Docusaurus, Starlight) that the build and the import sandbox read as data.
    'test/fixtures/**',
  ],
  ignoreDependencies: [
    // Run by its file path (node_modules/@redocly/cli/bin/cli.js) in test/e2e/openapi-lint.test.ts.
    '@redocly/cli',
    // test/typed-client as a package, so that npm installs its own dependencies there
    // (openapi-typescript with the TypeScript 5 it needs); the tests import its files by path.
    'typed-client-generator',
    // A dependency of typed-client-generator (test/typed-client/package.json), which
    // test/typed-client/generate.ts resolves from that package's own node_modules.
    'openapi-typescript',
    // Not a package: a name that the tsconfig test/e2e/typed-client.test.ts writes maps to
    // the types it generated from the worker's OpenAPI document.
    'generated-openapi-types',
    // dependency-cruiser's parser for TypeScript (.dependency-cruiser.cjs names it): loaded by name, never imported.
    '@swc/core',
  ],
}

export default config
