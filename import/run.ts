import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildSite } from '../build/build.ts'
import { detectProject } from './detect.ts'
import { importDocusaurus } from './frameworks/docusaurus.ts'
import { importStarlight } from './frameworks/starlight.ts'
import { importVitepress } from './frameworks/vitepress.ts'
import type { DetectedProject, Framework, FrameworkImporter, FrameworkInput } from './plan.ts'
import { listProjectFiles, readableFolders, readProjectText } from './project-files.ts'
import { countFiles, warningsByKind, type ImportReport } from './report.ts'
import { loadConfig } from './sandbox/load-config.ts'
import { writePlan } from './write.ts'

const IMPORTERS: Record<Framework, FrameworkImporter> = {
  vitepress: importVitepress,
  docusaurus: importDocusaurus,
  starlight: importStarlight,
}

export interface ImportOptions {
  /** The folder that holds the framework's config. */
  dir: string
  /** The content folder to write, as the user named it. */
  out: string
  force: boolean
  timeLimitMs?: number
}

/** The framework module's input: the project's files, and its code evaluated in the sandbox. */
async function frameworkInput(project: DetectedProject, timeLimitMs?: number): Promise<FrameworkInput> {
  const sandbox = { readable: readableFolders(project.root), root: project.root, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) }
  return {
    project,
    config: await loadConfig(project.configFile, sandbox),
    files: listProjectFiles(project.root),
    listFiles: (dir) => listProjectFiles(project.root, dir),
    readText: (path) => readProjectText(project.root, path),
    evaluate: (path) => loadConfig(resolve(project.root, path), sandbox),
  }
}

/**
 * Detects the project in `dir`, reads its config in the sandbox, maps it to
 * a content folder, writes it whole, and builds it once to report what the
 * build says about it. Throws before writing anything when the config
 * cannot be read or mapped.
 */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const project = detectProject(options.dir)
  const input = await frameworkInput(project, options.timeLimitMs)
  const plan = await IMPORTERS[project.framework](input)
  await writePlan(plan, project.root, options.out, { force: options.force })
  const trialOut = await mkdtemp(join(tmpdir(), 'docs-import-build-'))
  try {
    const built = await buildSite({ contentDir: resolve(options.out), outDir: trialOut, cacheDir: null })
    return {
      framework: plan.framework,
      out: options.out,
      ...countFiles(plan),
      mapped: plan.mapped,
      unmapped: plan.unmapped,
      excluded: plan.excluded,
      standIns: input.config.standIns,
      build: { documents: built.stats.documents, warnings: warningsByKind(built.warnings, options.out.replace(/\/+$/, '')) },
    }
  } finally {
    await rm(trialOut, { recursive: true, force: true })
  }
}
