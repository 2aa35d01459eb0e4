import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Which build `npm start` last published into local KV, and the hash of the
 * inputs it was built from (SiteSession.inputsHash). Kept beside the KV
 * state, so a store wiped by hand takes its record with it; a restart whose
 * inputs hash the same, with that build still live, serves it before building.
 */
export interface LiveRecord {
  buildId: string
  inputs: string
}

const recordPath = (persistRoot: string) => join(persistRoot, 'docs-service-live.json')

export async function readLiveRecord(persistRoot: string): Promise<LiveRecord | null> {
  const text = await readFile(recordPath(persistRoot), 'utf8').catch(() => null)
  if (text === null) return null
  try {
    const record = JSON.parse(text) as Partial<LiveRecord>
    return typeof record.buildId === 'string' && typeof record.inputs === 'string' ? { buildId: record.buildId, inputs: record.inputs } : null
  } catch {
    return null
  }
}

export async function writeLiveRecord(persistRoot: string, record: LiveRecord): Promise<void> {
  const draft = `${recordPath(persistRoot)}.${process.pid}.tmp`
  await writeFile(draft, JSON.stringify(record))
  await rename(draft, recordPath(persistRoot))
}
