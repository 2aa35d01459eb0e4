import { execFile } from 'node:child_process'
import { appendFile, cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const run = promisify(execFile)

// knip's JSON report: one entry per file, an array of named findings per kind.
const Finding = z.object({ name: z.string() })
const KnipReport = z.object({
  issues: z.array(z.object({ file: z.string(), files: z.array(Finding), exports: z.array(Finding), dependencies: z.array(Finding) })),
})

let copy: string

/** The repository's tracked files in a scratch folder, sharing its node_modules. */
async function copyOfRepository(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'knip-'))
  const { stdout } = await run('git', ['ls-files', '-z'], { maxBuffer: 16 * 1024 * 1024 })
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(dirname(join(dir, file)), { recursive: true })
    await cp(file, join(dir, file))
  }
  await symlink(await realpath('node_modules'), join(dir, 'node_modules'))
  return dir
}

/** knip with the repository's config, in `cwd`: its exit code and findings. */
async function knip(cwd: string): Promise<{ code: number; report: z.infer<typeof KnipReport> }> {
  const args = [join(cwd, 'node_modules/knip/bin/knip.js'), '--reporter', 'json', '--no-progress']
  const result = await run(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 })
    .then(({ stdout }) => ({ code: 0, stdout }))
    .catch((error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }))
  return { code: result.code, report: KnipReport.parse(JSON.parse(result.stdout)) }
}

beforeAll(async () => {
  copy = await copyOfRepository()
}, 60_000)

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true })
})

describe('npm run knip', () => {
  it('fails on an export nothing imports, a file nothing starts and a dependency nothing uses, and names only those', async () => {
    await appendFile(join(copy, 'lib/nearest-name.ts'), '\nexport const exportNobodyImports = 1\n')
    await writeFile(join(copy, 'lib/file-nobody-starts.ts'), 'export const unreached = 1\n')
    const manifest = z
      .object({ dependencies: z.record(z.string(), z.string()) })
      .loose()
      .parse(JSON.parse(await readFile(join(copy, 'package.json'), 'utf8')))
    manifest.dependencies['left-pad'] = '^1.3.0'
    await writeFile(join(copy, 'package.json'), JSON.stringify(manifest, null, 2))

    const { code, report } = await knip(copy)

    expect(code).toBe(1)
    const findings = report.issues.flatMap(({ file, files, exports, dependencies }) => [
      ...files.map(() => `file ${file}`),
      ...exports.map(({ name }) => `export ${file}: ${name}`),
      ...dependencies.map(({ name }) => `dependency ${file}: ${name}`),
    ])
    expect(findings.sort()).toEqual(['dependency package.json: left-pad', 'export lib/nearest-name.ts: exportNobodyImports', 'file lib/file-nobody-starts.ts'])
  }, 120_000)
})
