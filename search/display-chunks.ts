import type { DisplayDocument } from '../contract/index.ts'
import { displayChunkJson } from './encode.ts'

interface KeptChunk {
  members: DisplayDocument[]
  hash: string
}

/**
 * A builder's display chunks, kept between builds: a chunk is hashed again
 * only when one of its documents changed or moved in or out (an edit
 * rewrites one). Their JSON is not kept (at 10k documents 52 MB, at 100k
 * over a GB with the second locale's): an unchanged chunk is written again
 * from its documents, which the builder holds anyway, at about a tenth of
 * a second per 50 MB. Made with `keep: false` (a one-shot build), it keeps
 * no chunk at all: each goes to the caller as it is written.
 */
export class DisplayChunks {
  private chunks: KeptChunk[] = []
  private readonly hashOf: (text: string) => string
  private readonly size: number
  private readonly keep: boolean

  constructor(hashOf: (text: string) => string, size: number, keep = true) {
    this.hashOf = hashOf
    this.size = size
    this.keep = keep
  }

  /** Hands every chunk of `documents` to `take`, in order, and gives their names; a document is the same when it is the same object. */
  update(documents: DisplayDocument[], take: (json: string, hash: string) => void): string[] {
    const chunks: KeptChunk[] = []
    const hashes: string[] = []
    for (let start = 0; start < documents.length; start += this.size) {
      const members = documents.slice(start, start + this.size)
      const cached = this.chunks[hashes.length]
      const same = cached !== undefined && cached.members.length === members.length && members.every((member, position) => member === cached.members[position])
      const json = displayChunkJson(members)
      const hash = same ? cached.hash : this.hashOf(json)
      take(json, hash)
      hashes.push(hash)
      if (this.keep) chunks.push({ members, hash })
    }
    this.chunks = chunks
    return hashes
  }
}

/**
 * A one-shot build's display chunks, each written and handed on as soon as
 * its documents are in: no document's display waits for the whole index
 * (a locale's previews are about 500 MB at 100,000 pages).
 */
export class DisplayChunkStream {
  readonly hashes: string[] = []
  private members: DisplayDocument[] = []
  private readonly hashOf: (text: string) => string
  private readonly size: number
  private readonly take: (json: string, hash: string) => void

  constructor(hashOf: (text: string) => string, size: number, take: (json: string, hash: string) => void) {
    this.hashOf = hashOf
    this.size = size
    this.take = take
  }

  /** The next document in index order. */
  add(document: DisplayDocument): void {
    this.members.push(document)
    if (this.members.length === this.size) this.flush()
  }

  /** Hands on the last chunk, and gives every chunk's name. */
  end(): string[] {
    if (this.members.length > 0) this.flush()
    return this.hashes
  }

  private flush(): void {
    const json = displayChunkJson(this.members)
    const hash = this.hashOf(json)
    this.take(json, hash)
    this.hashes.push(hash)
    this.members = []
  }
}
