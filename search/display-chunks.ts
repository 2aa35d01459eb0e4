import type { DisplayDocument } from '../contract/index.ts'
import { displayChunkJson } from './encode.ts'

export interface DisplayChunk {
  members: DisplayDocument[]
  json: string
  hash: string
}

/**
 * A builder's display chunks, kept between builds: a chunk is hashed again
 * only when one of its documents changed or moved in or out (an edit
 * rewrites one). Their JSON is not kept (at 10k documents 52 MB, at 100k
 * over a GB with the second locale's): an unchanged chunk is written again
 * from its documents, which the builder holds anyway, at about a tenth of
 * a second per 50 MB.
 */
export class DisplayChunks {
  private chunks: Array<Omit<DisplayChunk, 'json'>> = []
  private readonly hashOf: (text: string) => string
  private readonly size: number

  constructor(hashOf: (text: string) => string, size: number) {
    this.hashOf = hashOf
    this.size = size
  }

  /** The chunks of `documents`, in order; a document is the same when it is the same object. */
  update(documents: DisplayDocument[]): DisplayChunk[] {
    const chunks: DisplayChunk[] = []
    for (let start = 0; start < documents.length; start += this.size) {
      const members = documents.slice(start, start + this.size)
      const cached = this.chunks[chunks.length]
      if (cached && cached.members.length === members.length && members.every((member, position) => member === cached.members[position])) {
        chunks.push({ ...cached, json: displayChunkJson(cached.members) })
        continue
      }
      const json = displayChunkJson(members)
      chunks.push({ members, json, hash: this.hashOf(json) })
    }
    this.chunks = chunks.map(({ members, hash }) => ({ members, hash }))
    return chunks
  }
}
