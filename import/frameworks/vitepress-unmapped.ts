import type { Unmapped } from '../plan.ts'
import { dataAt, isData, listAt, textAt, type Data } from './vitepress-values.ts'

/** Top-level options the import reads (the rest is reported below). */
const READ = new Set([
  'title',
  'description',
  'base',
  'srcDir',
  'srcExclude',
  'locales',
  'themeConfig',
  'rewrites',
  'cleanUrls',
  'lastUpdated',
  'markdown',
  'lang',
  'ignoreDeadLinks',
  '__standIn',
])
const THEME_READ = new Set(['sidebar', 'editLink'])
const MARKDOWN_READ = new Set<string>()

const FRONT_END = 'the front end you build on the API decides it'

const TOP: Record<string, string> = {
  head: `adds tags to every page's <head> (scripts, fonts, analytics): ${FRONT_END}`,
  titleTemplate: `the suffix of the browser tab's title: ${FRONT_END}`,
  appearance: `the dark-mode switch: ${FRONT_END}`,
  sitemap: 'writes sitemap.xml: not generated here (the API lists every page in /v1/navigation and llms.txt)',
  transformHead: 'a build hook that runs code on every page: not run',
  transformHtml: 'a build hook that runs code on every page: not run',
  transformPageData: 'a build hook that changes page data: not run',
  buildEnd: 'a build hook: not run',
  postRender: 'a build hook: not run',
  outDir: 'where VitePress writes its build: the build writes dist/ itself',
  cacheDir: 'where VitePress keeps its cache: not needed',
  assetsDir: 'where VitePress puts built assets: assets are served from /v1/assets/',
  mpa: 'pages without client JavaScript: the API serves HTML either way',
  router: `client router options: ${FRONT_END}`,
  vue: 'options of the Vue compiler for pages: pages are not compiled as Vue here ({{ }} and components are warned about)',
  extends: "a shared config this one extends: not read, only this file's own options are",
}

const THEME: Record<string, string> = {
  nav: `the top navigation bar: ${FRONT_END}`,
  socialLinks: `links to social sites in the header: ${FRONT_END}`,
  search: 'local or Algolia search: the service has its own search index (POST /v1/search)',
  algolia: 'Algolia search: the service has its own search index (POST /v1/search)',
  footer: `the page footer: ${FRONT_END}`,
  logo: `the logo in the header: ${FRONT_END}`,
  siteTitle: `the title in the header: ${FRONT_END}`,
  outline: 'which heading levels "On this page" lists: the TOC here lists h2 and h3 (a page can set toc in its front matter)',
  docFooter: `the previous/next labels: ${FRONT_END}`,
  lastUpdated: `the "Last updated" label: ${FRONT_END} (dates come from git)`,
  carbonAds: 'Carbon ads: not carried over',
  notFound: `the 404 page: ${FRONT_END}`,
}

const MARKDOWN: Record<string, string> = {
  lineNumbers: 'line numbers on code blocks: not supported',
  math: 'renders $…$ math: math stays as written',
  theme: 'the Shiki theme: code is highlighted with CSS variables that one stylesheet themes',
  config: 'runs markdown-it plugins on every page: not run; what they add to the syntax stays as written unless the build knows it',
  preConfig: 'runs markdown-it plugins on every page: not run',
  anchor: "heading anchor options: ids follow VitePress's default rule (markdown.headingIds: vitepress)",
  headers: 'which headings VitePress extracts: the TOC lists h2 and h3',
  toc: 'options of [[toc]]: [[toc]] is dropped, the TOC is beside the page',
  container: 'the default titles of ::: containers: the build uses the kind, capitalized',
  languages: 'extra Shiki languages: the build highlights the languages Shiki ships',
  codeTransformers: 'Shiki transformers: not run',
  image: 'image options (lazy loading): not carried over',
}

/** Packages whose effect the build knows, by name. */
const KNOWN_PACKAGES: Record<string, string> = {
  'vitepress-plugin-tabs': '`::: tabs` and `== label`: the build reads them as tab groups itself',
  'vitepress-plugin-group-icons': 'icons on code-group labels: not carried over',
  'vitepress-plugin-llms': 'llms.txt: the service serves its own /llms.txt and /llms-full.txt',
  '@shikijs/vitepress-twoslash': 'type information on TypeScript code: not carried over',
}

function optionsOf(section: Data, read: Set<string>, effects: Record<string, string>, prefix: string, fallback: string): Unmapped[] {
  return Object.keys(section)
    .filter((key) => !read.has(key) && section[key] !== undefined && section[key] !== false)
    .map((key) => ({ name: `${prefix}${key}`, effect: effects[key] ?? fallback }))
}

/** The config's options and the packages it imports that the content folder does not carry over, each with what it did. */
export function vitepressUnmapped(config: Data, standIns: string[]): Unmapped[] {
  const unmapped = [
    ...optionsOf(config, READ, TOP, '', 'not a VitePress option this import knows: not read').filter((item) => item.name !== 'vite'),
    ...viteOptions(dataAt(config.vite)),
    ...optionsOf(dataAt(config.themeConfig), THEME_READ, THEME, 'themeConfig.', 'a theme option: not read'),
    ...optionsOf(dataAt(config.markdown), MARKDOWN_READ, MARKDOWN, 'markdown.', 'a markdown-it option: not read'),
  ]
  for (const module of standIns.filter((name) => name !== 'vitepress' && !name.startsWith('vitepress/'))) {
    unmapped.push({ name: module, effect: KNOWN_PACKAGES[module] ?? 'a package the config imports (a plugin of VitePress, Vite or markdown-it, or its theme): not run' })
  }
  return unmapped
}

/** `vite.plugins` by the package each comes from; other Vite options by name. */
function viteOptions(vite: Data): Unmapped[] {
  const plugins = listAt(vite.plugins).map((plugin) => (isData(plugin) ? textAt(dataAt(plugin.__standIn).module) : undefined) ?? 'a plugin defined in the config')
  const others = Object.keys(vite)
    .filter((key) => key !== 'plugins')
    .map((key) => ({ name: `vite.${key}`, effect: 'a Vite option (the dev server and bundler of the site): not needed here' }))
  return [...(plugins.length > 0 ? [{ name: 'vite.plugins', effect: `transform the site as Vite builds it (${plugins.join(', ')}): not run` }] : []), ...others]
}
