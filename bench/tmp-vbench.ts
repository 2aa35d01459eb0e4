import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureVersions } from './measure-versions.ts'
const dir = await mkdtemp(join(tmpdir(), 'vbench-'))
try {
  console.log(JSON.stringify(await measureVersions(dir, Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 10)), null, 1))
} finally { await rm(dir, { recursive: true, force: true }) }
