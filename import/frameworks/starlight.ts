// A Starlight site (the folder of astro.config.*) as a content folder:
// site.yml from the `starlight()` integration's options and Astro's `base`,
// the pages of `src/content/docs/` per locale (the root locale at the top,
// the others in their folders), `public/`, and the images pages reach
// relatively outside the docs folder.
import { parse as parseYaml } from 'yaml'
import type { FrameworkImporter, FrameworkInput, ImportPlan, PlannedFile } from '../plan.ts'
import { slugFromPath } from '../../build/content/documents.ts'
import { withoutMarkdownExtension } from '../../build/content/files.ts'
import { filesUnder, isPage, recordAt, standInModule, standInOptions, textAt, type Data } from './config-values.ts'
import { projectAliases, rewriteAliasImports, type AliasResolver } from './alias-imports.ts'
import { relocateImages } from './relative-images.ts'
import { sidebarFacts, starlightSidebar, type SidebarPage } from './starlight-sidebar.ts'
import { labelsByCode, starlightLocales } from './starlight-locales.ts'
import { starlightRedirects } from './starlight-redirects.ts'
import { starlightUnmapped } from './starlight-unmapped.ts'

const STARLIGHT = '@astrojs/starlight'
const DOCS = 'src/content/docs'

const LINKS_VALIDATOR = 'starlight-links-validator'

export const importStarlight: FrameworkImporter = async (input) => {
  const astro = recordAt(input.config.value)
  const integrations = Array.isArray(astro.integrations) ? astro.integrations.flat() : []
  const integration = integrations.find((item) => standInModule(item) === STARLIGHT)
  if (integration === undefined) throw new Error(`the config's integrations hold no starlight() from ${STARLIGHT}`)
  const options = standInOptions(integration)
  const docs = filesUnder(input.files, DOCS)
  const locales = starlightLocales(options, [...new Set(docs.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))))])
  const [defaultLocale] = locales.locales
  if (defaultLocale === undefined) throw new Error('starlight(): the options have no locales')
  const titles = labelsByCode(recordAt(options.title), locales.codeOf)
  const title = textAt(options.title) ?? textAt(titles[defaultLocale.code]) ?? textAt(Object.values(recordAt(options.title))[0])
  if (title === undefined) throw new Error('starlight(): the options have no title')
  const plan: ImportPlan = { framework: 'starlight', site: { title }, files: [], mapped: [`title: ${title}`], unmapped: [], excluded: [] }
  const description = textAt(options.description)
  if (description !== undefined) plan.site.description = description
  plan.site.defaultLocale = defaultLocale.code
  plan.site.locales = Object.fromEntries(locales.locales.map((locale) => [locale.code, locale.label]))
  plan.mapped.push(
    `locales: ${locales.locales.map((locale) => (locale.folder === '' || locale.folder === locale.code ? locale.code : `${locale.code} (folder ${locale.folder}/)`)).join(', ')}, default ${defaultLocale.code} (from locales and defaultLocale)`,
  )
  plan.site.baseUrl = `/${(textAt(astro.base) ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
  plan.mapped.push(`baseUrl: ${String(plan.site.baseUrl)} (Astro's base)`)
  const editBase = textAt(recordAt(options.editLink).baseUrl)
  if (editBase !== undefined) {
    plan.site.editUrl = `${editBase.replace(/\/*$/, '/')}{path}`
    plan.mapped.push("editUrl: from editLink.baseUrl ({path} is the page's path in the content folder: change the prefix to where that folder lives in your repository)")
  }
  plan.site.markdown = { headingIds: 'github' }
  plan.mapped.push('markdown.headingIds: github (Starlight makes heading ids as GitHub does)')
  // Starlight checks no link unless starlight-links-validator fails its build; the import keeps what the site had.
  const validator = (Array.isArray(options.plugins) ? options.plugins : []).find((plugin) => standInModule(plugin) === LINKS_VALIDATOR)
  if (validator === undefined || standInOptions(validator).failOnError === false) {
    plan.site.links = 'warn'
    plan.mapped.push(
      `links: warn (${validator === undefined ? 'Starlight checks no links' : `${LINKS_VALIDATOR} with failOnError: false`}; the trial build's warnings list broken links: set links: error once they are fixed)`,
    )
  }
  const aliases = projectAliases(input.readText('tsconfig.json'), recordAt(astro.vite), input.project.root)
  const missingPartials = new Set<string>()
  const unresolvedImports = new Set<string>()
  const pages: SidebarPage[] = []
  // Starlight serves a translation whose original is gone; the build refuses one, so it stays behind, named in the report.
  const originals = new Set<string>()
  for (const { folder, code } of locales.locales) {
    const own = folder === '' ? docs.filter((file) => !locales.locales.some((other) => other.folder !== '' && file.startsWith(`${other.folder}/`))) : filesUnder(docs, folder)
    for (const file of own) {
      const from = `${DOCS}/${folder === '' ? '' : `${folder}/`}${file}`
      if (/^404\.mdx?$/.test(file)) {
        plan.excluded.push({ path: from, why: "Starlight's 404 page, not a page of the docs" })
        continue
      }
      const id = isPage(file) ? slugFromPath(withoutMarkdownExtension(file)) : undefined
      if (id !== undefined && code === defaultLocale.code) originals.add(id)
      else if (id !== undefined && !originals.has(id)) {
        plan.excluded.push({
          path: from,
          why: `a translation whose ${defaultLocale.code} original is gone (no page ${id} in ${DOCS}/${defaultLocale.folder === '' ? '' : `${defaultLocale.folder}/`}): Starlight still serves it, the build refuses it`,
        })
        continue
      }
      const to = `docs/${code}/${file}`
      plan.files.push(...placePage(input, from, to, defaultLocale.code, aliases, missingPartials, unresolvedImports))
      if (code === defaultLocale.code && isPage(file)) pages.push(sidebarPage(file, input.readText(from) ?? ''))
    }
    plan.mapped.push(`pages: ${DOCS}/${folder === '' ? '' : `${folder}/`} -> docs/${code}/`)
  }
  const redirects = starlightRedirects(recordAt(astro.redirects), String(plan.site.baseUrl), locales, new Set(pages.map((page) => page.slug)), plan)
  if (redirects.length > 0) plan.site.redirects = redirects
  const prefixes = new Map<string, number>()
  for (const specifier of unresolvedImports) prefixes.set(specifier.split('/')[0] ?? specifier, (prefixes.get(specifier.split('/')[0] ?? specifier) ?? 0) + 1)
  for (const [prefix, count] of [...prefixes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    plan.unmapped.push({
      name: `${prefix}/… (${count} Markdown files imported)`,
      effect: "an alias or package neither tsconfig.json's paths nor vite.resolve.alias names here: the components are left out with a warning",
    })
  }
  for (const path of [...missingPartials].sort()) {
    plan.unmapped.push({
      name: path,
      effect:
        'a Markdown partial pages import through an alias, not in the repository (written by a script before the site builds?): the component is left out with a warning; generate it, then import again',
    })
  }
  if (options.sidebar !== undefined) {
    plan.site.sidebar = starlightSidebar(options.sidebar, pages, defaultLocale.lang, locales.codeOf, plan.unmapped)
    plan.mapped.push("sidebar: from the sidebar option, autogenerated groups expanded in Starlight's order")
  }
  const publicFiles = filesUnder(input.files, 'public').map((file): PlannedFile => ({ to: `public/${file}`, from: `public/${file}` }))
  if (publicFiles.length > 0) plan.mapped.push('assets: public/ -> public/')
  plan.files.push(...publicFiles)
  plan.unmapped.push(...starlightUnmapped(astro, options, integrations, STARLIGHT))
  plan.files = dedupe(plan.files).sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0))
  return plan
}

/**
 * A page or file of the docs folder, with the images it reaches outside that
 * folder copied and its references to them rewritten, and the Markdown
 * partials it imports through an alias copied and imported relatively.
 */
function placePage(input: FrameworkInput, from: string, to: string, defaultCode: string, aliases: AliasResolver, missing: Set<string>, unresolved: Set<string>): PlannedFile[] {
  if (!isPage(from)) return [{ to, from }]
  const text = input.readText(from) ?? ''
  const files = new Set(input.files)
  const relocated = relocateImages(text, from, to, {
    stays: (path) => path.startsWith(`${DOCS}/`),
    home: (path) => `docs/${defaultCode}/_assets/${path.replace(/^src\/(assets\/)?/, '')}`,
    exists: (path) => files.has(path),
    alias: aliases,
  })
  const imported = from.endsWith('.mdx')
    ? rewriteAliasImports(relocated.text ?? text, { to, home: `docs/${defaultCode}/_imported` }, { resolve: aliases, readText: input.readText })
    : undefined
  for (const path of imported?.missing ?? []) missing.add(path)
  for (const specifier of imported?.unresolved ?? []) unresolved.add(specifier)
  const own = imported?.text ?? relocated.text
  return [own === undefined ? { to, from } : { to, text: own }, ...relocated.copies, ...(imported?.copies ?? [])]
}

function sidebarPage(file: string, text: string): SidebarPage {
  const path = file.replace(/\.mdx?$/, '')
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1]
  let data: Data = {}
  try {
    data = recordAt(frontMatter === undefined ? {} : parseYaml(frontMatter))
  } catch {
    // The build reports bad front matter at its line; the sidebar just does without it.
  }
  const own = textAt(data.slug)?.replace(/^\/+|\/+$/g, '')
  const slug = own !== undefined ? own || 'index' : path === 'index' ? 'index' : path.replace(/\/index$/, '')
  return { slug, path, ...sidebarFacts(data) }
}

function dedupe(files: PlannedFile[]): PlannedFile[] {
  return [...new Map(files.map((file) => [file.to, file])).values()]
}
