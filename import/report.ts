import type { BuildWarning } from '../build/content/problems.ts'
import { formatWarning } from '../build/content/problems.ts'
import { isPartialPath } from '../build/content/files.ts'
import type { Framework, ImportPlan, Unmapped } from './plan.ts'

export interface WarningKind {
  kind: string
  count: number
  /** The first warning of the kind, as the build prints it. */
  example: string
}

export interface ImportReport {
  framework: Framework
  out: string
  /** Pages written, per locale folder under docs/. */
  pages: Record<string, number>
  otherFiles: number
  mapped: string[]
  unmapped: Unmapped[]
  excluded: ImportPlan['excluded']
  standIns: string[]
  build: { documents: Record<string, number>; warnings: WarningKind[] }
}

const FRAMEWORK_NAMES: Record<Framework, string> = { vitepress: 'VitePress', docusaurus: 'Docusaurus', starlight: 'Starlight' }

/**
 * What a warning is about, without the particulars: quoted text, a
 * component's name, an expression's code and a content path become `…`, so
 * that a hundred broken links count as one kind.
 */
function warningKind(warning: BuildWarning): string {
  return warning.message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\bdocs\/[^\s:,]+/g, '…')
    .replace(/<[^<>\s]+>/g, '<…>')
    .replace(/\{[^{}]*\}/g, '{…}')
}

export function warningsByKind(warnings: readonly BuildWarning[], folder: string): WarningKind[] {
  const kinds = new Map<string, WarningKind>()
  for (const warning of warnings) {
    const kind = warningKind(warning)
    const known = kinds.get(kind)
    if (known) known.count++
    else kinds.set(kind, { kind, count: 1, example: formatWarning(warning, folder) })
  }
  return [...kinds.values()].sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1))
}

/** Pages per locale (`docs/<locale>/…` Markdown files) and the count of every other file. */
export function countFiles(plan: ImportPlan): { pages: Record<string, number>; otherFiles: number } {
  const pages: Record<string, number> = {}
  let otherFiles = 0
  for (const file of plan.files) {
    const page = /^docs\/([^/]+)\/.+\.mdx?$/.exec(file.to)
    // A partial (`_imported/x.md`, `_note.md`) is text pages inline, not a page.
    if (page?.[1] && !isPartialPath(file.to)) pages[page[1]] = (pages[page[1]] ?? 0) + 1
    else otherFiles++
  }
  return { pages, otherFiles }
}

const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([locale, count]) => `${locale} ${count}`)
    .join(', ') || 'none'

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const lines = [
    `imported a ${FRAMEWORK_NAMES[report.framework]} project into ${report.out}/: pages ${counted(report.pages)}; ${report.otherFiles} other files (site.yml not counted)`,
    'mapped:',
    ...report.mapped.map((line) => `  ${line}`),
  ]
  if (report.unmapped.length > 0) lines.push('not carried over:', ...report.unmapped.map((item) => `  ${item.name}: ${item.effect}`))
  if (report.excluded.length > 0) lines.push('left out:', ...report.excluded.map((item) => `  ${item.path} (${item.why})`))
  if (report.standIns.length > 0) lines.push(`stand-ins (imported by the config, replaced while it was read): ${report.standIns.join(', ')}`)
  const warningCount = report.build.warnings.reduce((sum, kind) => sum + kind.count, 0)
  lines.push(`trial build: documents ${counted(report.build.documents)}; ${warningCount} warning${warningCount === 1 ? '' : 's'}`)
  for (const kind of report.build.warnings) lines.push(`  ${kind.count} × ${kind.kind}`, `      e.g. ${kind.example}`)
  lines.push(`next: ${report.out === 'content' ? '' : `CONTENT_DIR=${report.out} `}npm start`)
  return lines.join('\n')
}
