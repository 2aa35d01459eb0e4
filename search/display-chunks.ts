import type { DisplayDocument } from '../contract/index.ts'
import { displayChunkJson } from './encode.ts'

interface DisplayChunk {
  members: DisplayDocument[]
  json: string
  hash: string
}

/**
 * A builder's display chunks, kept between builds: a chunk is written and
 * hashed again only when one of its documents changed or moved in or out
 * (at 10k documents they are 52 MB of JSON; an edit rewrites one). Made with
 * `keep: false` (a one-shot build), it keeps none: each chunk goes to the
 * caller as it is written.
 */
export class DisplayChunks {
  private chunks: DisplayChunk[] = []
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
    const chunks: DisplayChunk[] = []
    const hashes: string[] = []
    for (let start = 0; start < documents.length; start += this.size) {
      const members = documents.slice(start, start + this.size)
      const cached = this.chunks[hashes.length]
      const chunk = cached && cached.members.length === members.length && members.every((member, position) => member === cached.members[position]) ? cached : this.written(members)
      take(chunk.json, chunk.hash)
      hashes.push(chunk.hash)
      if (this.keep) chunks.push(chunk)
    }
    this.chunks = chunks
    return hashes
  }

  private written(members: DisplayDocument[]): DisplayChunk {
    const json = displayChunkJson(members)
    return { members, json, hash: this.hashOf(json) }
  }
}
