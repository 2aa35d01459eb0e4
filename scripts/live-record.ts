import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

/**
 * Which build `npm start` last published into local KV, the content folder
 * it was built from, and the hash of its inputs (SiteSession.inputsHash).
 * Kept beside the KV state, so a store wiped by hand takes its record with
 * it; a restart whose inputs hash the same, with that build still live,
 * serves it before building, and a start on another folder never serves it.
 */
const LiveRecordSchema = z.object({ buildId: z.string(), contentDir: z.string(), inputs: z.string() })
export type LiveRecord = z.infer<typeof LiveRecordSchema>

const recordPath = (persistRoot: string) => join(persistRoot, 'docs-service-live.json')

export async function readLiveRecord(persistRoot: string): Promise<LiveRecord | null> {
  const text = await readFile(recordPath(persistRoot), 'utf8').catch(() => null)
  if (text === null) return null
  // A record that cannot be read only costs the restart a build.
  try {
    return LiveRecordSchema.parse(JSON.parse(text))
  } catch {
    return null
  }
}

export async function writeLiveRecord(persistRoot: string, record: LiveRecord): Promise<void> {
  const draft = `${recordPath(persistRoot)}.${process.pid}.tmp`
  await writeFile(draft, JSON.stringify(record))
  await rename(draft, recordPath(persistRoot))
}
