/**
 * The architecture as rules: the pipeline folders (content → build → contract → publish → KV → worker),
 * what may run in workerd, and where I/O lives. `npm run depcruise` checks them inside `npm test`.
 * Every rule is an error: a warning nobody reads is a rule nobody keeps.
 * @type {import('dependency-cruiser').IConfiguration}
 */

// Modules of the build that read or write the file system or start threads: the top-level `build/*.ts`
// files (readers, emitters, the render cache, the render pool and its thread). The folders below them stay
// pure, so that they are tested on values.
const buildIo = '^build/[^/]+[.]ts$'
const pureBuild = '^build/(content|markdown|pipeline|openapi)/'
const fileSystemBuiltins = '^(node:)?(fs|fs/promises|child_process|worker_threads|os)$'
// The lib/ modules that are runtime-neutral, and so the only ones the worker side may import.
const neutralLib = '^lib/(nearest-name|task-queue)[.]ts$'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes the order modules load in matter and hides which module owns what: ' + 'shared types and values live in a leaf module both sides import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'workerd-no-node-builtins',
      comment: 'The worker bundle runs in workerd, which has no Node built-ins; contract/ and search/ are bundled into it, ' + 'and so are the lib/ modules the worker imports.',
      severity: 'error',
      from: { path: ['^worker/', '^contract/', '^search/', neutralLib] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workerd-lib-runtime-neutral',
      comment:
        'lib/ holds Node-only helpers (process-group.ts reads /proc) beside runtime-neutral ones: the worker side ' +
        'may import only those named in neutralLib, which workerd-no-node-builtins checks.',
      severity: 'error',
      from: { path: ['^worker/', '^contract/', '^search/'] },
      to: { path: '^lib/', pathNot: neutralLib },
    },
    {
      name: 'workerd-no-node-side-modules',
      comment:
        'Nothing the worker reaches may come from the Node side (build, publish, scripts, import, bench, tests): ' +
        'those modules need Node built-ins and would also grow the bundle.',
      severity: 'error',
      from: { path: ['^worker/', '^contract/', '^search/'] },
      to: { reachable: true, path: '^(build|publish|scripts|import|bench|test)/' },
    },
    {
      name: 'contract-and-search-stand-alone',
      comment:
        'contract/ is what build and publish and the worker agree on, and search/ is the engine both the build and ' +
        'the worker run: they import each other and packages, nothing else of the project.',
      severity: 'error',
      from: { path: '^(contract|search)/' },
      to: { path: '^[^/]+/', pathNot: ['^(contract|search)/', 'node_modules'] },
    },
    {
      name: 'search-through-its-engine',
      comment:
        "search/engine.ts is the engine's one door (load, search, index, encode), as MiniSearch is one class: the " +
        'build, the worker and the bench call it and never reassemble its parts. Tests of search/ itself, and the ' +
        'build and worker suites that check its internals at their boundary, may reach in.',
      severity: 'error',
      from: { path: '^(build|worker|bench|publish|scripts|import|lib)/' },
      to: { path: '^search/', pathNot: '^search/engine\\.ts$' },
    },
    {
      name: 'build-publish-meet-at-contract',
      comment: 'The build writes what contract/ describes and publish uploads it; neither knows the other.',
      severity: 'error',
      from: { path: '^build/' },
      to: { path: '^publish/' },
    },
    {
      name: 'publish-build-meet-at-contract',
      comment: 'The build writes what contract/ describes and publish uploads it; neither knows the other.',
      severity: 'error',
      from: { path: '^publish/' },
      to: { path: '^build/' },
    },
    {
      name: 'pure-build-no-file-system',
      comment:
        'build/content, build/markdown and build/pipeline are pure stages on values: the file system, processes ' +
        'and threads stay in the top-level build/*.ts modules, as the contributing page says.',
      severity: 'error',
      from: { path: pureBuild },
      to: { path: [buildIo, fileSystemBuiltins] },
    },
    {
      name: 'build-content-below-markdown',
      comment:
        'The build folders are layers: content/ reads and checks what authors wrote, markdown/ renders it, ' +
        'pipeline/ assembles the output. content/ imports neither of the others, so each layer is tested without ' +
        'the ones above it; what both need (the Markdown options of site.yml, a hero as front matter gives it) ' +
        'lives in content/.',
      severity: 'error',
      from: { path: '^build/content/' },
      to: { path: '^build/(markdown|pipeline)/' },
    },
    {
      name: 'build-markdown-below-pipeline',
      comment: 'markdown/ renders one page; the pipeline that assembles a version from the pages is above it.',
      severity: 'error',
      from: { path: '^build/markdown/' },
      to: { path: '^build/pipeline/' },
    },
    {
      name: 'worker-not-node-side',
      comment: 'The worker serves what publish put in KV; it never runs build, publish, scripts or import code.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(build|publish|scripts|import|bench)/' },
    },
    {
      name: 'tests-share-through-test-shared',
      comment:
        "A test folder's helpers are its own: what several folders use lives in test/shared/, so changing one " +
        "folder's helpers cannot break another's tests. test/fixtures/ is data, and test/typed-client/ is a package " +
        'the e2e test drives.',
      severity: 'error',
      from: { path: '^test/([^/]+)/' },
      to: { path: '^test/', pathNot: ['^test/$1/', '^test/shared/', '^test/fixtures/', '^test/typed-client/'] },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that resolves to nothing fails at run time; tsc misses it in files outside its projects. ' +
        'Relaxed for generated-openapi-types, which the typed-client test writes and maps in its own tsconfig.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^generated-openapi-types$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^test/fixtures/', '^bench/results/'] },
    // TypeScript 7 has no JavaScript API yet, so modules are parsed by swc, which keeps type-only imports:
    // they count, since a circle of types is still a circle of ownership.
    parser: 'swc',
    // workerd's own module, which the worker tests import; the worker itself reaches the runtime through bindings.
    builtInModules: { add: ['cloudflare:workers'] },
    // Resolve package subpaths (`hono/html`, `@modelcontextprotocol/sdk/server/mcp.js`) through their exports maps.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'workerd', 'worker', 'default'],
      mainFields: ['types', 'typings', 'module', 'main'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
}
