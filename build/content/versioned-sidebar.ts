import { fromDocusaurus } from './docusaurus-sidebar.ts'
import type { ContentProblem } from './problems.ts'
import { sidebarSchema, withLines, type SidebarEntry } from './sidebar-config.ts'

/** A sidebar file of a version's own: its path under the content folder, and its text. */
export interface SidebarFile {
  path: string
  text: string
}

/**
 * Docusaurus keeps each version's sidebars beside its pages:
 * `versioned_sidebars/version-1.x-sidebars.json` for `versioned_docs/version-1.x`.
 */
export function versionedSidebarsPath(folder: string): string | null {
  const match = /^(.*?)versioned_docs\/version-([^/]+)$/.exec(folder)
  return match ? `${match[1]}versioned_sidebars/version-${match[2]}-sidebars.json` : null
}

/**
 * A version's sidebars file as site.yml's `sidebar:` would say it, each entry
 * at its line of the file for problems found later, or the problem that kept
 * it from being read. Without a file, nothing: the sidebar comes from folders.
 */
export function versionSidebar(file: SidebarFile | undefined): { sidebar: SidebarEntry[] | null; problems: ContentProblem[] } {
  if (!file) return { sidebar: null, problems: [] }
  const problem = (message: string) => ({ sidebar: null, problems: [{ path: file.path, line: 1, message }] })
  let sidebars: unknown
  try {
    sidebars = JSON.parse(file.text)
  } catch (error) {
    return problem(`not a JSON sidebars file: ${(error as Error).message}`)
  }
  try {
    const parsed = sidebarSchema.safeParse(fromDocusaurus(sidebars).entries)
    if (!parsed.success) return problem(`holds a sidebar item this build cannot read: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`)
    return { sidebar: withLines(parsed.data, file.text), problems: [] }
  } catch (error) {
    return problem((error as Error).message)
  }
}
