// A VitePress site (the folder of .vitepress/) as a content folder: site.yml
// from .vitepress/config.*, the pages of srcDir per locale, public/ and the
// images beside the pages; what does not carry over is reported.
import type { FrameworkImporter, ImportPlan, Unmapped } from '../plan.ts'
import { vitepressFiles, type LocaleFolder } from './vitepress-files.ts'
import { sidebarFrom, withLocaleLabels, type SidebarItem } from './vitepress-sidebar.ts'
import { vitepressUnmapped } from './vitepress-unmapped.ts'
import { dataAt, isData, isOpaque, joinPaths, listAt, textAt, type Data } from './vitepress-values.ts'

const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

export const importVitepress: FrameworkImporter = async (input) => {
  const config = dataAt(input.config.value)
  const plan: ImportPlan = { framework: 'vitepress', site: {}, files: [], mapped: [], unmapped: [], excluded: [] }
  const title = textAt(config.title) ?? textAt(dataAt(dataAt(config.locales).root).title) ?? 'VitePress'
  plan.site.title = title
  plan.mapped.push(`title: ${title}`)
  const description = textAt(config.description)
  if (description !== undefined) {
    plan.site.description = description
    plan.mapped.push(`description: ${description}`)
  }
  const locales = localesOf(config, plan)
  const [root] = locales
  plan.site.defaultLocale = root.code
  plan.site.locales = Object.fromEntries(locales.map((locale) => [locale.code, locale.label]))
  const base = textAt(config.base) ?? '/'
  if (base !== '/') {
    plan.site.baseUrl = base
    plan.mapped.push(`baseUrl: ${base} (base)`)
  }
  const editUrl = editUrlOf(dataAt(dataAt(config.themeConfig).editLink), plan)
  if (editUrl !== undefined) plan.site.editUrl = editUrl
  // VitePress fails on a link to no page but never checks a #fragment; the build checks both, so the
  // folder builds as the site did, and the trial build lists what is broken.
  plan.site.links = 'warn'
  plan.mapped.push(
    `links: warn (${config.ignoreDeadLinks !== undefined && config.ignoreDeadLinks !== false ? 'ignoreDeadLinks' : 'VitePress never checks #fragments'}; the trial build's warnings list broken links: set links: error once they are fixed)`,
  )
  // The ids VitePress gives headings, the title a reader sees (the H1; front matter `title` is the browser tab's), and Vue's {{ }}.
  // VitePress pages are Markdown with Vue in it, never MDX: `{string}` in a sentence is text.
  plan.site.markdown = { format: 'md', headingIds: 'vitepress', title: 'heading', vue: true }
  plan.mapped.push('markdown: format md (never MDX), headingIds vitepress, title from the H1, Vue syntax ({{ }}, components) read as VitePress pages hold it')
  const sidebar = sidebarOf(config, locales, base, plan)
  if (sidebar !== undefined) plan.site.sidebar = sidebar

  const srcDir = joinPaths(textAt(config.srcDir) ?? '.')
  const srcExclude = listAt(config.srcExclude).filter((pattern): pattern is string => typeof pattern === 'string')
  const placed = vitepressFiles({
    srcDir,
    files: input.listFiles(srcDir === '' ? '.' : srcDir),
    locales: locales.map(({ code, folder }) => ({ code, folder })),
    srcExclude,
    rewrites: rewritesOf(config.rewrites, plan),
    readText: input.readText,
  })
  plan.files.push(...placed.files)
  plan.excluded.push(...placed.excluded)
  plan.mapped.push(`pages: ${srcDir || '.'}/ -> ${locales.map((locale) => `docs/${locale.code}/${locale.folder ? ` (from ${locale.folder}/)` : ''}`).join(', ')}`)
  if (srcExclude.length > 0) plan.mapped.push(`srcExclude: ${srcExclude.join(', ')} (${placed.excluded.filter((item) => item.why.startsWith('srcExclude')).length} files left out)`)
  plan.mapped.push(...placed.mapped)
  if (placed.files.some((file) => file.to.startsWith('public/'))) plan.mapped.push(`assets: ${srcDir ? `${srcDir}/` : ''}public/ -> public/`)
  if (config.cleanUrls !== undefined) plan.mapped.push('cleanUrls: URLs have no .html here either way (and links ending in .html still resolve)')
  if (config.lastUpdated === true) plan.mapped.push('lastUpdated: pages carry their date from git')
  if (config.lastUpdated === false)
    plan.unmapped.push({ name: 'lastUpdated', effect: "false hid the dates: pages carry their git date here (lastUpdated: false in a page's front matter hides it)" })
  const theme = input.files.filter((path) => path.startsWith('.vitepress/theme/'))
  if (theme.length > 0)
    plan.unmapped.push({
      name: '.vitepress/theme/',
      effect: `a custom theme (${theme.length} files): its layouts and the Vue components it registers are not run; a page that uses one gets a warning`,
    })
  plan.unmapped.push(...vitepressUnmapped(config, input.config.standIns))
  return plan
}

interface Locale extends LocaleFolder {
  label: string
  themeConfig: Data
}

/** `locales`: `root` is the default (its `lang` the code); each other key is a folder of srcDir, and the locale's code. */
function localesOf(config: Data, plan: ImportPlan): [Locale, ...Locale[]] {
  const declared = dataAt(config.locales)
  const rootConfig = dataAt(declared.root)
  const rootCode = codeOf(textAt(rootConfig.lang) ?? textAt(config.lang) ?? 'en', 'en')
  const root: Locale = { code: rootCode, folder: '', label: textAt(rootConfig.label) ?? rootCode, themeConfig: dataAt(rootConfig.themeConfig) }
  const others = Object.entries(declared)
    .filter(([key, value]) => {
      if (key === 'root') return false
      // A locale served by another site (`link: 'https://cn.example.dev'`) has no pages here.
      const link = textAt(dataAt(value).link)
      if (link === undefined || !/^[a-z][a-z0-9+.-]*:/i.test(link)) return true
      plan.unmapped.push({ name: `locales.${key}`, effect: `a link to another site (${link}) in the language menu: not a locale of this content folder` })
      return false
    })
    .map(([key, value]): Locale => {
      const locale = dataAt(value)
      const code = codeOf(key, key)
      return { code, folder: key, label: textAt(locale.label) ?? code, themeConfig: dataAt(locale.themeConfig) }
    })
  if (others.length > 0 || Object.hasOwn(declared, 'root'))
    plan.mapped.push(`locales: ${[root, ...others].map((locale) => `${locale.code} (${locale.label})`).join(', ')}, default ${rootCode} (from locales)`)
  return [root, ...others]
}

/** A locale code site.yml accepts: `en-US` stays, `EN` becomes `en`. */
function codeOf(value: string, fallback: string): string {
  const code = value.replace(/^[A-Z]+/, (primary) => primary.toLowerCase())
  return LOCALE_CODE.test(code) ? code : fallback
}

function editUrlOf(editLink: Data, plan: ImportPlan): string | undefined {
  const pattern = textAt(editLink.pattern)
  if (pattern === undefined) {
    if (isOpaque(editLink.pattern)) plan.unmapped.push({ name: 'themeConfig.editLink.pattern', effect: 'a function of the page: set editUrl in site.yml by hand' })
    return undefined
  }
  plan.mapped.push(
    "editUrl: from themeConfig.editLink.pattern (:path became {path}, the page's path in the content folder: change the prefix to where that folder lives in your repository)",
  )
  return pattern.replaceAll(':path', '{path}')
}

/** The root sidebar (or the default locale's), with labels per locale where a locale's own sidebar has the same shape. */
function sidebarOf(config: Data, locales: [Locale, ...Locale[]], base: string, plan: ImportPlan): SidebarItem[] | undefined {
  const [root, ...others] = locales
  const rootSidebar = root.themeConfig.sidebar ?? dataAt(config.themeConfig).sidebar
  if (rootSidebar === undefined) return undefined
  const converted = sidebarFrom(rootSidebar, { base, localePrefix: '' })
  for (const { text, why } of converted.skipped) plan.unmapped.push({ name: `themeConfig.sidebar item "${text}"`, effect: why })
  let items = converted.items
  for (const locale of others) {
    const own = locale.themeConfig.sidebar
    if (own === undefined) continue
    const merged = withLocaleLabels(items, sidebarFrom(own, { base, localePrefix: locale.folder }).items, root.code, locale.code)
    if (merged === false)
      plan.unmapped.push({
        name: `locales.${locale.folder}.themeConfig.sidebar`,
        effect: `a ${locale.code} sidebar of another shape than the root one: the root's order is used, with the ${locale.code} pages' titles`,
      })
    else items = merged
  }
  plan.mapped.push(
    `sidebar: from themeConfig.sidebar (${items.length} top-level entries)${others.some((locale) => locale.themeConfig.sidebar !== undefined) ? ", labels per locale from each locale's sidebar" : ''}`,
  )
  return items
}

/** `rewrites` without parameters move a page; a pattern or a function is reported. */
function rewritesOf(rewrites: unknown, plan: ImportPlan): Record<string, string> {
  if (rewrites === undefined) return {}
  const simple: Record<string, string> = {}
  const unmapped: Unmapped[] = []
  if (!isData(rewrites) || isOpaque(rewrites)) unmapped.push({ name: 'rewrites', effect: 'a function that moves pages: pages stay at their file paths' })
  else {
    for (const [from, to] of Object.entries(rewrites)) {
      if (typeof to === 'string' && !/[:*()[\]]/.test(from + to)) simple[from] = to
      else unmapped.push({ name: `rewrites "${from}"`, effect: `serves pages matching it at ${String(to)}: they stay at their file paths` })
    }
  }
  if (Object.keys(simple).length > 0) plan.mapped.push(`rewrites: ${Object.keys(simple).length} pages placed where they are served`)
  plan.unmapped.push(...unmapped)
  return simple
}
