import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { stringify } from 'yaml'
import type { ImportPlan } from './plan.ts'

/** Thrown before anything is written: `--out` holds files and `--force` was not given. */
class OutputNotEmptyError extends Error {
  override name = 'OutputNotEmptyError'
}

/** site.yml's text: keys in the plan's order, no line folding, so the same plan always gives the same bytes. */
function siteYaml(site: Record<string, unknown>): string {
  return stringify(site, { lineWidth: 0, aliasDuplicateObjects: false })
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true
  return (await readdir(dir)).length === 0
}

/**
 * Writes the plan's content folder at `outDir`, whole or not at all: into a
 * folder beside it first, which then takes its place. A folder that holds
 * files is replaced only with `force`.
 */
export async function writePlan(plan: ImportPlan, projectRoot: string, outDir: string, options: { force: boolean }): Promise<void> {
  const target = resolve(outDir)
  if (!options.force && !(await isEmptyFolder(target))) throw new OutputNotEmptyError(`${outDir} is not empty: import writes a whole content folder; pass --force to replace it`)
  const staging = join(dirname(target), `.${basename(target)}.import-${process.pid}`)
  await rm(staging, { recursive: true, force: true })
  try {
    await mkdir(staging, { recursive: true })
    await writeFile(join(staging, 'site.yml'), siteYaml(plan.site))
    for (const file of plan.files) {
      const to = join(staging, file.to)
      if (!to.startsWith(`${staging}/`)) throw new Error(`${file.to}: outside the content folder`)
      await mkdir(dirname(to), { recursive: true })
      if ('text' in file) await writeFile(to, file.text)
      else await copyFile(resolve(projectRoot, file.from), to)
    }
    const previous = `${staging}.previous`
    if (existsSync(target)) await rename(target, previous)
    await rename(staging, target)
    await rm(previous, { recursive: true, force: true })
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}
