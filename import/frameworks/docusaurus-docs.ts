// The docs plugin of a Docusaurus config: where its options are (the classic
// preset's `docs`, or `@docusaurus/plugin-content-docs` among `plugins`), and
// which files of a docs folder they make pages of.
import type { PlannedFile, Unmapped } from '../plan.ts'
import { globMatcher, isPage, isRecord, recordAt, textAt, textsAt, type Data } from './config-values.ts'

// The docs plugin's own defaults (@docusaurus/plugin-content-docs options, and GlobExcludeDefault of @docusaurus/utils).
export const DOCS_DEFAULTS = {
  path: 'docs',
  routeBasePath: 'docs',
  include: ['**/*.{md,mdx}'],
  exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'],
}

/** A plugin or preset as `plugins:`/`presets:` list it: a name, `[name, options]`, a function, or a stand-in. */
export interface PluginEntry {
  name: string
  options: Data
}

export function pluginEntries(list: unknown): PluginEntry[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((item): PluginEntry[] => {
    const [head, options] = Array.isArray(item) ? [item[0], item[1]] : [item, undefined]
    const name = typeof head === 'string' ? head : isRecord(head) ? (textAt(head.__function) ?? nameOfStandIn(head)) : undefined
    return name === undefined ? [] : [{ name, options: recordAt(options) }]
  })
}

const nameOfStandIn = (value: Data): string | undefined => (isRecord(value.__standIn) ? textAt(value.__standIn.module) : undefined)

/** `classic`, `@docusaurus/preset-classic` and a path ending in it are the classic preset. */
export const isClassicPreset = (name: string): boolean => name === 'classic' || /(^|[/\\])(@docusaurus[/\\])?preset-classic([/\\]|$)/.test(name)

/** `@docusaurus/plugin-content-docs`, `content-docs`, or a resolved path to it. */
export const isDocsPlugin = (name: string): boolean => /(^|[/\\@])(docusaurus[/\\])?plugin-content-docs([/\\]|$)|^content-docs$/.test(name)

export interface DocsPlugin {
  /** `presets.classic.docs` or `plugins.@docusaurus/plugin-content-docs`, for the report. */
  from: string
  options: Data
}

/** The default docs instance (no `id`, or `default`); other instances are reported as not carried over. */
export function findDocsPlugin(config: Data): { docs: DocsPlugin | null; others: Unmapped[] } {
  const presetDocs = pluginEntries(config.presets)
    .filter((preset) => isClassicPreset(preset.name))
    .flatMap((preset) => (isRecord(preset.options.docs) ? [{ from: `presets.${preset.name}.docs`, options: preset.options.docs }] : []))
  const pluginDocs = pluginEntries(config.plugins)
    .filter((plugin) => isDocsPlugin(plugin.name))
    .map((plugin) => ({ from: `plugins.${plugin.name}`, options: plugin.options }))
  const all = [...presetDocs, ...pluginDocs]
  const isDefault = (instance: DocsPlugin) => instance.options.id === undefined || instance.options.id === 'default'
  const docs = all.find(isDefault) ?? null
  const others = all
    .filter((instance) => instance !== docs)
    .map((instance) => ({
      name: `${instance.from} (id: ${String(instance.options.id)})`,
      effect: `a second docs section at /${textAt(instance.options.routeBasePath) ?? String(instance.options.id)}/ from ${textAt(instance.options.path) ?? String(instance.options.id)}/: not imported (one docs tree per site)`,
    }))
  return { docs, others }
}

export interface DocsFolderOptions {
  include: string[]
  exclude: string[]
}

export function folderOptions(options: Data): DocsFolderOptions {
  return { include: textsAt(options.include) ?? DOCS_DEFAULTS.include, exclude: textsAt(options.exclude) ?? DOCS_DEFAULTS.exclude }
}

/**
 * The files of a docs folder (`files` relative to it) placed under `to`:
 * pages that `include` matches and `exclude` does not, partials (`_` files,
 * which pages import, and which the build never publishes), and every other
 * file (images, `_category_.json`) unless `exclude` names it.
 */
export function docsFolderFiles(files: string[], from: string, to: string, options: DocsFolderOptions): { files: PlannedFile[]; excluded: Array<{ path: string; why: string }> } {
  const included = globMatcher(options.include)
  const excluders = options.exclude.map((pattern) => ({ pattern, matches: globMatcher([pattern]) }))
  const planned: PlannedFile[] = []
  const excluded: Array<{ path: string; why: string }> = []
  for (const file of files) {
    const excludedBy = excluders.find((excluder) => excluder.matches(file))?.pattern
    const partial = isPage(file) && /(^|\/)_(?!_)/.test(file) && !/(^|\/)__tests__\//.test(file)
    if (excludedBy !== undefined && !partial) excluded.push({ path: `${from}/${file}`, why: `docs exclude pattern ${excludedBy}` })
    else if (isPage(file) && !partial && !included(file))
      excluded.push({ path: `${from}/${file}`, why: `not matched by the docs include patterns (${options.include.join(', ')})` })
    else planned.push({ to: `${to}/${file}`, from: `${from}/${file}` })
  }
  return { files: planned, excluded }
}
