// Docusaurus versions (versions.json, versioned_docs/, versioned_sidebars/)
// as site.yml's `versions:` (SPEC 1.2): the current docs are this content
// folder, each released version a folder of its own.
import { VERSION_NAME } from '../../contract/index.ts'
import type { FrameworkInput, PlannedFile, Unmapped } from '../plan.ts'
import { filesUnder, recordAt, textAt, textsAt, type Data } from './config-values.ts'
import { docsFolderFiles, type DocsFolderOptions } from './docusaurus-docs.ts'

export interface ImportedVersions {
  /** site.yml's `versions:`, or undefined for a site without versions. */
  entries: Array<Record<string, string>> | undefined
  files: PlannedFile[]
  excluded: Array<{ path: string; why: string }>
  mapped: string[]
  unmapped: Unmapped[]
}

const CURRENT = 'current'

/** Docusaurus's banner for a version, as a status: `none` is a version still looked after. */
const BANNER_STATUS: Record<string, string> = { none: 'maintained', unmaintained: 'unmaintained', unreleased: 'unreleased' }

export function importVersions(input: FrameworkInput, docs: Data, folder: DocsFolderOptions): ImportedVersions {
  const none: ImportedVersions = { entries: undefined, files: [], excluded: [], mapped: [], unmapped: [] }
  const listed = readVersionsJson(input.readText('versions.json'))
  if (listed === undefined || listed.length === 0 || docs.disableVersioning === true) return none
  const only = textsAt(docs.onlyIncludeVersions)
  const lastVersion = textAt(docs.lastVersion) ?? listed[0] ?? CURRENT
  const options = recordAt(docs.versions)
  const kept = [CURRENT, ...listed].filter((name) => (only === undefined || only.includes(name)) && (name !== CURRENT || docs.includeCurrentVersion !== false))
  const result: ImportedVersions = { ...none, entries: [], mapped: [], unmapped: [] }
  let unreleasedTaken = false
  const lastIndex = listed.indexOf(lastVersion)
  for (const name of kept) {
    const own = recordAt(options[name])
    const urlName = textAt(own.path) ?? (name === CURRENT ? (lastVersion === CURRENT ? CURRENT : 'next') : name)
    if (!VERSION_NAME.test(urlName)) {
      result.unmapped.push({ name: `versions.json: ${name}`, effect: `the version's URL segment "${urlName}" is not a path-safe name: its pages are not imported` })
      continue
    }
    const label = textAt(own.label) ?? (name === CURRENT ? 'Next' : name)
    const banner = BANNER_STATUS[textAt(own.banner) ?? '']
    let status = name === lastVersion ? 'current' : name === CURRENT ? 'unreleased' : (banner ?? (listed.indexOf(name) < lastIndex ? 'maintained' : 'unmaintained'))
    if (status === 'unreleased' && unreleasedTaken) status = 'maintained'
    if (status === 'unreleased') unreleasedTaken = true
    const entry: Record<string, string> = { name: urlName }
    if (name !== CURRENT) entry.path = `versioned_docs/version-${name}`
    entry.status = status
    if (label !== urlName) entry.label = label
    result.entries?.push(entry)
    if (name === CURRENT) continue
    const placed = docsFolderFiles(filesUnder(input.files, `versioned_docs/version-${name}`), `versioned_docs/version-${name}`, `versioned_docs/version-${name}`, folder)
    result.files.push(...placed.files)
    result.excluded.push(...placed.excluded)
    const sidebars = `versioned_sidebars/version-${name}-sidebars.json`
    if (input.files.includes(sidebars)) result.files.push({ to: sidebars, from: sidebars })
  }
  result.mapped.push(`versions: ${result.entries?.map((entry) => `${entry.name} (${entry.status})`).join(', ')} (from versions.json, versioned_docs/ and versioned_sidebars/)`)
  const translated = input.files.filter((file) => /^i18n\/[^/]+\/docusaurus-plugin-content-docs\/version-[^/]+\/.+\.mdx?$/.test(file))
  for (const path of translated)
    result.excluded.push({ path, why: 'a translation of an older version: versions carry default-locale pages only (other locales show them as fallbacks)' })
  return result
}

function readVersionsJson(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`versions.json: not JSON: ${(error as Error).message}`)
  }
  const names = textsAt(value)
  if (names === undefined) throw new Error('versions.json: must be a list of version names such as ["2.0", "1.0"]')
  return names
}
