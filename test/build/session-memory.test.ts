import { spawnSync } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { generateCorpus, writeCorpus } from '../../bench/corpus.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const SESSION = join(import.meta.dirname, '../../build/session.ts')

// Measured on the bench corpus (seed 42) at 2,500 documents (3,418 Markdown files rendered):
// the session that held every rendering's text, and its index builders every display chunk's
// JSON, kept 232 MB live after its first build and ran out of a 215 MB heap during it; with
// the text in its renderings' file and the chunks written again from their documents, 170 MB
// live, out of a 190 MB heap during the edit's build, and through at 215 MB.
const DOCUMENTS = 2500
const HEAP_CAP_MB = 225
const MARKER = 'zqsessionedit'

// What the child prints: each build's pages rendered and blobs handed over, and whether a blob carried the edit.
const Report = z.object({ first: z.object({ rendered: z.number(), blobs: z.number() }), edit: z.object({ rendered: z.number(), blobs: z.number(), carried: z.boolean() }) })

// The session as `npm start` runs it: a first build of the whole folder, then a saved edit of one page.
const child = `
import { appendFile } from 'node:fs/promises'
import { join } from 'node:path'
const { SiteSession } = await import(process.env.SESSION)
const contentDir = process.env.CONTENT_DIR
let rendered = 0
const session = await SiteSession.open({ contentDir, cacheDir: null, onProgress: (_done, total) => (rendered = total) })
const build = async () => {
  let blobs = 0
  let carried = false
  rendered = 0
  await session.build({ onBlob: (_hash, text) => { blobs++; carried ||= text.includes('${MARKER}') } })
  return { rendered, blobs, carried }
}
const first = await build()
await appendFile(join(contentDir, process.env.EDITED), '\\nA saved edit: ${MARKER}.\\n')
await session.refresh([process.env.EDITED])
console.log(JSON.stringify({ first, edit: await build() }))
`

describe('npm start in bounded memory', () => {
  it(`builds ${DOCUMENTS.toLocaleString('en')} generated documents in a session under ${HEAP_CAP_MB} MB of heap, then re-renders only a saved page`, {
    timeout: 300_000,
  }, async () => {
    const root = await makeTempDir('docs-session-memory-')
    const contentDir = join(root, 'content')
    await writeCorpus(generateCorpus({ documents: DOCUMENTS, seed: 42 }), contentDir)
    const area = (await readdir(join(contentDir, 'docs/en'))).sort()[0] as string
    const page = (await readdir(join(contentDir, 'docs/en', area))).sort()[0] as string
    const script = join(root, 'session.mjs')
    await writeFile(script, child)
    const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SESSION, CONTENT_DIR: contentDir, EDITED: `docs/en/${area}/${page}`, GIT_CEILING_DIRECTORIES: root },
    })
    expect(run.status, run.stderr.slice(-2000)).toBe(0)
    const report = Report.parse(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? ''))
    expect(report.first.rendered).toBeGreaterThan(DOCUMENTS)
    expect(report.edit).toMatchObject({ rendered: 1, carried: true })
    expect(report.edit.blobs).toBeLessThan(report.first.blobs / 4)
  })
})
