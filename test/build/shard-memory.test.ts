import { spawnSync } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generateCorpus, writeCorpus } from '../../bench/corpus.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CLI = join(import.meta.dirname, '../../build/cli.ts')
const CACHE = 'node_modules/.cache/docs-service'

// Measured on the bench corpus (seed 42) at 2,500 documents (1,729 of 3,418 renderings in half 1/2),
// with --max-old-space-size, run from a shell: the shard that kept every page's source and its half's
// renderings until the half was rendered failed at 50 to 80 MB and passed at 90 MB; the one that reads
// each page as it renders it and keeps only a rendering's errors passed at 45 to 60 MB, failed at 35 MB.
const DOCUMENTS = 2500
const HEAP_CAP_MB = 64

describe('a --shard run in bounded memory', () => {
  it(`renders half of ${DOCUMENTS.toLocaleString('en')} generated documents into the cache in ${HEAP_CAP_MB} MB of heap, too little to hold their sources and renderings`, {
    timeout: 180_000,
  }, async () => {
    const root = await makeTempDir('docs-shard-bounded-')
    const contentDir = join(root, 'content')
    await writeCorpus(generateCorpus({ documents: DOCUMENTS, seed: 42 }), contentDir)
    const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, CLI, '--content', contentDir, '--out', join(root, 'dist'), '--shard', '1/2'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(contentDir) },
    })
    expect(run.status, run.stderr.slice(-2000)).toBe(0)
    const rendered = Number(/^ {2}rendered (\d+), already cached 0 \(of (\d+) in all shards\)$/m.exec(run.stdout)?.[1])
    expect(rendered).toBeGreaterThan(1000)
    const [namespace] = await readdir(join(root, CACHE))
    expect((await readdir(join(root, CACHE, namespace as string))).length).toBe(rendered)
  })
})
