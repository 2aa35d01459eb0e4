import { z } from 'zod'
import { VERSION_NAME, VersionStatusSchema, type VersionAlias, type VersionStatus } from '../../contract/index.ts'

/** Where a version's pages come from. */
type VersionSource =
  /** This content folder: the docs being written. */
  | { kind: 'current' }
  /** A folder of default-locale pages, relative to the content folder (Docusaurus's `versioned_docs/version-X`). */
  | { kind: 'folder'; path: string }
  /** The content folder as it is at a git ref, read from git without a checkout. */
  | { kind: 'ref'; ref: string }

/** One version as site.yml declares it, resolved: aliases given, the line kept for later problems. */
export interface VersionConfig {
  name: string
  /** What readers see; the name when site.yml gives none, as Docusaurus labels a version (null only for a site without versions). */
  label: string | null
  status: VersionStatus
  aliases: VersionAlias[]
  source: VersionSource
  /** The line of its `- name:` item in site.yml. */
  line: number
}

const folderPath = z
  .string()
  .min(1)
  .transform((path) => path.replace(/^\.\/|\/+$/g, ''))
  .refine((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'must be a folder inside the content folder, such as versioned_docs/version-1.x')

export const versionEntrySchema = z
  .strictObject({
    name: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(VERSION_NAME, 'must be path-safe: letters, digits, ".", "_" and "-" only, such as "2.x"')),
    status: VersionStatusSchema.default('current'),
    label: z.string().min(1).optional(),
    path: folderPath.optional(),
    ref: z.string().min(1).optional(),
  })
  .refine((entry) => entry.path === undefined || entry.ref === undefined, 'takes a path or a ref, not both')

export type VersionEntryInput = z.output<typeof versionEntrySchema>

/**
 * The versions of site.yml in order, with their aliases: `latest` on the
 * default version (`defaultVersion`, else the first whose status is current),
 * `next` on the unreleased one. Problems name the item they are about.
 */
export function resolveVersions(
  entries: VersionEntryInput[],
  defaultVersion: string | undefined,
  lineOf: (index: number) => number,
): { versions: VersionConfig[]; problems: Array<{ index: number | null; message: string }> } {
  const problems: Array<{ index: number | null; message: string }> = []
  const seen = new Set<string>()
  entries.forEach((entry, index) => {
    if (seen.has(entry.name)) problems.push({ index, message: `versions: "${entry.name}" is listed twice` })
    seen.add(entry.name)
  })
  const secondCurrentFolder = entries.filter((entry) => entry.path === undefined && entry.ref === undefined)[1]
  if (secondCurrentFolder) {
    problems.push({ index: entries.indexOf(secondCurrentFolder), message: 'versions: only one version can be this content folder (give the others a path or a ref)' })
  }
  const secondUnreleased = entries.filter((entry) => entry.status === 'unreleased')[1]
  if (secondUnreleased) problems.push({ index: entries.indexOf(secondUnreleased), message: 'versions: only one version can be unreleased (it is "next")' })
  const defaultName = defaultVersion ?? entries.find((entry) => entry.status === 'current')?.name
  if (defaultVersion !== undefined && !seen.has(defaultVersion)) {
    problems.push({ index: null, message: `defaultVersion: "${defaultVersion}" is not one of the versions (${[...seen].join(', ')})` })
  } else if (defaultName === undefined) {
    problems.push({ index: null, message: 'defaultVersion: no version has status current; name the default with defaultVersion' })
  }
  const versions = entries.map((entry, index): VersionConfig => {
    const aliases: VersionAlias[] = []
    if (entry.name === defaultName) aliases.push('latest')
    if (entry.status === 'unreleased') aliases.push('next')
    const source: VersionSource = entry.path !== undefined ? { kind: 'folder', path: entry.path } : entry.ref !== undefined ? { kind: 'ref', ref: entry.ref } : { kind: 'current' }
    return { name: entry.name, label: entry.label ?? entry.name, status: entry.status, aliases, source, line: lineOf(index) }
  })
  return { versions, problems }
}
