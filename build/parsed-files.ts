import { open, readFile, rename } from 'node:fs/promises'
import { deserialize, serialize } from 'node:v8'
import { type DocumentFrontMatter, isStamped, type Parsed, parseDocumentFile, type SourceFile } from './content/front-matter.ts'
import { type ParseRecord, parsedOnDemand, parseRecordOf } from './content/parse-record.ts'

type Entry = { path: string; stamp: string; record: ParseRecord<Partial<DocumentFrontMatter>> }

// Entries are written and read this many at a time, each run a buffer of its own: one buffer of every page was
// 60 MB at 100,000 pages, made as the build ends.
const RUN = 4096

/**
 * Pages' front matter as the last one-shot build parsed it, by each file's
 * path and stamp (its size, times and inode, which change whenever its bytes
 * do): a rebuild parses the files that changed and reads none of the others
 * (at 100,000 pages, reading and parsing them was 7 s of a rebuild after one
 * edit). What the memo gives is made by the same function as a fresh parse
 * (parsedOnDemand), from the record that parse gave. It lives in the render
 * cache, whose namespace changes with the parser's code. Stored with V8's
 * serializer, which keeps values as they are (undefined, Infinity) where JSON
 * would not.
 */
export class ParsedFiles {
  private readonly path: string
  private readonly last: Map<string, Entry>
  private readonly parsed: Entry[] = []

  private constructor(path: string, last: Map<string, Entry>) {
    this.path = path
    this.last = last
  }

  /** The memo in the file at `path`; empty when it is missing or not whole. */
  static async open(path: string): Promise<ParsedFiles> {
    return new ParsedFiles(path, await entriesIn(path))
  }

  /** A page's file parsed: from the last build when its stamp is the same, else parsed now. */
  readonly parse = (file: SourceFile): Parsed<DocumentFrontMatter> => {
    if (!isStamped(file)) return parseDocumentFile(file)
    const last = this.last.get(file.path)
    if (last?.stamp === file.stamp) {
      this.parsed.push(last)
      return parsedOnDemand(file, last.record)
    }
    const parsed = parseDocumentFile(file)
    const record = parseRecordOf(parsed)
    if (record) this.parsed.push({ path: file.path, stamp: file.stamp, record })
    return parsed
  }

  /** Keeps what this build parsed, for the next; nothing when it parsed nothing (its docs were kept whole). */
  async save(): Promise<void> {
    if (this.parsed.length === 0) return
    const written = `${this.path}.${process.pid}.tmp`
    const file = await open(written, 'w')
    try {
      for (let start = 0; start < this.parsed.length; start += RUN) {
        const run = serialize(this.parsed.slice(start, start + RUN))
        const length = Buffer.alloc(4)
        length.writeUInt32LE(run.length)
        await file.write(length)
        await file.write(run)
      }
    } finally {
      await file.close()
    }
    await rename(written, this.path)
  }
}

async function entriesIn(path: string): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>()
  const bytes = await readFile(path).catch(() => null)
  if (!bytes) return entries
  try {
    for (let at = 0; at < bytes.length; ) {
      const length = bytes.readUInt32LE(at)
      for (const entry of deserialize(bytes.subarray(at + 4, at + 4 + length)) as Entry[]) entries.set(entry.path, entry)
      at += 4 + length
    }
  } catch {
    return new Map()
  }
  return entries
}
