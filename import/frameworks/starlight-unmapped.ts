// What an Astro config with Starlight holds that a content folder does not
// carry over, each with what it does on the Starlight site.
import type { Unmapped } from '../plan.ts'
import { recordAt, setKeys, standInModule, type Data } from './config-values.ts'

const READ = new Set(['title', 'description', 'defaultLocale', 'locales', 'sidebar', 'editLink', 'plugins'])

const STARLIGHT_OPTIONS: Record<string, string> = {
  social: 'social links in the header: not shown',
  logo: 'the header logo: the service has its own header',
  customCss: 'custom CSS: not loaded',
  components: 'replaced Starlight components: not used',
  plugins: 'Starlight plugins: not run, so whatever they add is missing',
  head: 'extra <head> tags: not added',
  expressiveCode: 'Expressive Code settings (frames, themes, text markers): code is highlighted with Shiki',
  pagefind: 'Pagefind search: the service has its own search',
  tableOfContents: 'the TOC heading levels: set `toc` in front matter instead',
  lastUpdated: 'the last-updated date: the service takes it from git anyway',
  pagination: 'previous/next links: the service shows them from the sidebar',
  favicon: 'the browser tab icon: the preview uses its own',
  credits: 'a "Built with Starlight" link: not shown',
  disable404Route: 'the 404 page setting: the service answers 404 itself',
  routeMiddleware: 'route middleware: not run',
  titleDelimiter: 'the browser tab title delimiter: not carried over',
  markdown: 'Starlight Markdown settings (heading links): not carried over',
}

const ASTRO_OPTIONS: Record<string, string> = {
  markdown: 'remark/rehype plugins and Markdown settings: not run',
  vite: 'Vite settings: not used',
  image: 'image optimization settings: images are served as they are',
  i18n: 'Astro i18n routing: locales come from Starlight',
  experimental: 'experimental Astro flags: not used',
}
const ASTRO_BUILD_ONLY = new Set([
  'site',
  'base',
  'integrations',
  'redirects',
  'output',
  'adapter',
  'trailingSlash',
  'build',
  'server',
  'outDir',
  'publicDir',
  'srcDir',
  'root',
  'cacheDir',
  'compressHTML',
  'prefetch',
  'devToolbar',
  'scopedStyleStrategy',
  'security',
  'env',
])

export function starlightUnmapped(astro: Data, options: Data, integrations: unknown[], starlight: string): Unmapped[] {
  const unmapped: Unmapped[] = []
  for (const key of setKeys(options).filter((option) => !READ.has(option))) {
    unmapped.push({ name: `starlight.${key}`, effect: STARLIGHT_OPTIONS[key] ?? 'a Starlight option: not carried over' })
  }
  for (const plugin of Array.isArray(options.plugins) ? options.plugins : []) {
    const name = standInModule(plugin)
    if (name !== undefined) unmapped.push({ name, effect: 'a Starlight plugin: not run, so whatever it adds to the site is missing' })
  }
  for (const integration of integrations) {
    const name = standInModule(integration) ?? (typeof recordAt(integration).name === 'string' ? String(recordAt(integration).name) : undefined)
    if (name !== undefined && name !== starlight) unmapped.push({ name, effect: 'an Astro integration: not run, so whatever it adds to the site is missing' })
  }
  for (const key of setKeys(astro).filter((option) => !ASTRO_BUILD_ONLY.has(option))) {
    unmapped.push({ name: key, effect: ASTRO_OPTIONS[key] ?? 'an Astro setting: not carried over' })
  }
  return unmapped
}
