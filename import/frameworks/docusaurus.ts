// A Docusaurus site (the folder of docusaurus.config.*) as a content folder:
// site.yml from the config, the docs plugin's pages per locale, versions,
// the static folders, and the client-redirects plugin's redirects.
import { isAbsolute, relative } from 'node:path'
import { fromDocusaurus } from '../../build/content/docusaurus-sidebar.ts'
import type { FrameworkImporter, FrameworkInput, ImportPlan, PlannedFile } from '../plan.ts'
import { filesUnder, isFunction, joinPath, recordAt, textAt, textsAt, type Data } from './config-values.ts'
import { translateCategories, type TranslatedEntry } from './docusaurus-sidebar-labels.ts'
import { DOCS_DEFAULTS, docsFolderFiles, findDocsPlugin, folderOptions, pluginEntries } from './docusaurus-docs.ts'
import { docusaurusUnmapped, isRedirectsPlugin } from './docusaurus-unmapped.ts'
import { importVersions } from './docusaurus-versions.ts'

export const importDocusaurus: FrameworkImporter = async (input) => {
  const config = recordAt(input.config.value)
  const title = textAt(config.title)
  if (title === undefined) throw new Error(`${relative(input.project.root, input.project.configFile)}: the config has no title`)
  const { docs, others } = findDocsPlugin(config)
  if (docs === null) throw new Error("the config has no docs: neither the classic preset's `docs` nor @docusaurus/plugin-content-docs")
  const options = docs.options
  const plan: ImportPlan = { framework: 'docusaurus', site: { title }, files: [], mapped: [`title: ${title}`], unmapped: [...others], excluded: [] }
  const description = textAt(config.tagline)
  if (description !== undefined) plan.site.description = description

  const { defaultLocale, labels } = localesOf(recordAt(config.i18n))
  plan.site.defaultLocale = defaultLocale
  plan.site.locales = labels
  plan.mapped.push(`locales: ${Object.keys(labels).join(', ')}, default ${defaultLocale} (from i18n)`)

  const routeBasePath = textAt(options.routeBasePath) ?? DOCS_DEFAULTS.routeBasePath
  plan.site.baseUrl = `/${joinPath(textAt(config.baseUrl) ?? '/', routeBasePath)}/`.replace(/\/+/g, '/')
  plan.mapped.push(`baseUrl: ${String(plan.site.baseUrl)} (baseUrl and the docs routeBasePath)`)

  const editUrl = textAt(options.editUrl)
  if (editUrl !== undefined) {
    plan.site.editUrl = `${editUrl.replace(/\/*$/, '/')}{path}`
    plan.mapped.push(`editUrl: from ${docs.from}.editUrl ({path} is the page's path in the content folder: change the prefix to where that folder lives in your repository)`)
  }
  if (config.onBrokenLinks === 'warn' || config.onBrokenLinks === 'ignore' || config.onBrokenLinks === 'log') {
    plan.site.links = 'warn'
    plan.mapped.push(`links: warn (onBrokenLinks: ${config.onBrokenLinks})`)
  }

  const redirects = redirectsOf(config, routeBasePath, plan)
  if (redirects.length > 0) plan.site.redirects = redirects

  plan.site.markdown = markdownOf(recordAt(config.markdown), plan)

  const sidebar = await sidebarOf(input, options, plan, { defaultLocale, locales: Object.keys(labels) })

  const docsPath = joinPath(textAt(options.path) ?? DOCS_DEFAULTS.path)
  const folder = folderOptions(options)
  const current = docsFolderFiles(filesUnder(input.listFiles(docsPath), docsPath), docsPath, `docs/${defaultLocale}`, folder)
  plan.files.push(...current.files)
  plan.excluded.push(...current.excluded)
  plan.mapped.push(`pages: ${docsPath}/ -> docs/${defaultLocale}/`)
  for (const locale of Object.keys(labels).filter((code) => code !== defaultLocale)) {
    const translated = `i18n/${locale}/docusaurus-plugin-content-docs/current`
    const placed = docsFolderFiles(filesUnder(input.files, translated), translated, `docs/${locale}`, folder)
    plan.files.push(...placed.files)
    plan.excluded.push(...placed.excluded)
    if (placed.files.length > 0) plan.mapped.push(`pages: ${translated}/ -> docs/${locale}/`)
  }

  const versions = importVersions(input, options, folder)
  if (versions.entries !== undefined) plan.site.versions = versions.entries
  plan.files.push(...versions.files)
  plan.excluded.push(...versions.excluded)
  plan.mapped.push(...versions.mapped)
  plan.unmapped.push(...versions.unmapped)

  if (sidebar !== undefined) plan.site.sidebar = sidebar
  plan.files.push(...staticFiles(input, config, plan))
  plan.unmapped.push(...docusaurusUnmapped(config, options))
  plan.files.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0))
  return plan
}

/** Docusaurus's `i18n`: the default locale, and each locale's label (its `localeConfigs` label, else its name in itself, as Docusaurus shows it). */
function localesOf(i18n: Data): { defaultLocale: string; labels: Record<string, string> } {
  const defaultLocale = textAt(i18n.defaultLocale) ?? 'en'
  const codes = textsAt(i18n.locales) ?? [defaultLocale]
  const configs = recordAt(i18n.localeConfigs)
  const ordered = [defaultLocale, ...codes.filter((code) => code !== defaultLocale)]
  return { defaultLocale, labels: Object.fromEntries(ordered.map((code) => [code, textAt(recordAt(configs[code]).label) ?? nativeName(code)])) }
}

function nativeName(code: string): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1)
}

/** The sidebars file the docs plugin names, evaluated (JSON read as it is), as site.yml's `sidebar:`, its category labels translated as i18n/ translates them. */
async function sidebarOf(input: FrameworkInput, options: Data, plan: ImportPlan, locales: { defaultLocale: string; locales: string[] }): Promise<TranslatedEntry[] | undefined> {
  const named = textAt(options.sidebarPath)
  if (named === undefined) {
    plan.mapped.push(
      options.sidebarPath === false
        ? 'sidebar: none (sidebarPath: false); the build makes one from the folders'
        : 'sidebar: made from the folders, as Docusaurus does without a sidebarPath',
    )
    return undefined
  }
  const path = isAbsolute(named) ? relative(input.project.root, named).split('\\').join('/') : joinPath(named)
  let value: unknown
  if (path.endsWith('.json')) {
    const text = input.readText(path)
    if (text === undefined) throw new Error(`docs.sidebarPath: ${path} does not exist`)
    value = JSON.parse(text)
  } else {
    const loaded = await input.evaluate(path)
    value = loaded.value
  }
  const { entries, skipped } = fromDocusaurus(value)
  for (const what of skipped) plan.unmapped.push({ name: path, effect: `${what}: not in the sidebar` })
  plan.mapped.push(`sidebar: from ${path}`)
  const names = Object.keys(recordAt(value))
  if (names.length !== 1) return entries
  const others = locales.locales.filter((locale) => locale !== locales.defaultLocale)
  const translations = Object.fromEntries(others.map((locale) => [locale, input.readText(`i18n/${locale}/docusaurus-plugin-content-docs/current.json`)]))
  return translateCategories(entries, names[0] ?? '', locales.defaultLocale, translations)
}

/** The client-redirects plugin's `redirects` whose both ends are docs pages, as slugs under the docs route. */
function redirectsOf(config: Data, routeBasePath: string, plan: ImportPlan): Array<{ from: string; to: string }> {
  const redirects: Array<{ from: string; to: string }> = []
  const base = joinPath(routeBasePath)
  const slugOf = (url: string) => {
    const path = joinPath(url.replace(/[?#].*$/, '').replace(/\.html$/, ''))
    if (base === '') return path === '' ? 'index' : path
    return path === base ? 'index' : path.startsWith(`${base}/`) ? path.slice(base.length + 1) : undefined
  }
  for (const plugin of pluginEntries(config.plugins).filter((entry) => isRedirectsPlugin(entry.name))) {
    const list = Array.isArray(plugin.options.redirects) ? plugin.options.redirects : []
    for (const item of list) {
      const to = textAt(recordAt(item).to)
      for (const from of textsAt(recordAt(item).from) ?? []) {
        const fromSlug = slugOf(from)
        const toSlug = to === undefined ? undefined : slugOf(to)
        if (fromSlug === undefined || toSlug === undefined)
          plan.unmapped.push({ name: `${plugin.name} redirect ${from} -> ${String(to)}`, effect: 'a redirect outside the docs: not carried over' })
        else redirects.push({ from: fromSlug, to: toSlug })
      }
    }
    if (isFunction(plugin.options.createRedirects))
      plan.unmapped.push({ name: `${plugin.name} createRedirects`, effect: 'redirects computed by a function: list them in site.yml `redirects` by hand' })
    if (redirects.length > 0) plan.mapped.push(`redirects: ${redirects.length} (from ${plugin.name})`)
  }
  return redirects
}

/** `markdown.format`, and GitHub's heading ids, the ones Docusaurus makes. */
function markdownOf(markdown: Data, plan: ImportPlan): Record<string, string> {
  const format = textAt(markdown.format)
  const out: Record<string, string> = {}
  if (format === 'md' || format === 'mdx' || format === 'detect') {
    out.format = format
    plan.mapped.push(`markdown.format: ${format}`)
  }
  out.headingIds = 'github'
  plan.mapped.push('markdown.headingIds: github (Docusaurus makes heading ids as GitHub does)')
  for (const key of Object.keys(markdown).filter((option) => option !== 'format')) {
    plan.unmapped.push({ name: `markdown.${key}`, effect: key === 'mermaid' ? 'Mermaid diagrams: they render as code' : 'a Markdown option of Docusaurus: not carried over' })
  }
  return out
}

/** `static/` (or each of `staticDirectories`), served from the site root, as `static/`. */
function staticFiles(input: FrameworkInput, config: Data, plan: ImportPlan): PlannedFile[] {
  const dirs = (textsAt(config.staticDirectories) ?? ['static']).map((dir) => joinPath(dir))
  const files = dirs.flatMap((dir) => filesUnder(input.listFiles(dir), dir).map((file) => ({ to: `static/${file}`, from: `${dir}/${file}` })))
  if (files.length > 0) plan.mapped.push(`assets: ${dirs.map((dir) => `${dir}/`).join(', ')} -> static/`)
  return files
}
