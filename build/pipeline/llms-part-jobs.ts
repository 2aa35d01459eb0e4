import type { RenderedSource } from './assemble.ts'
import { contentHash } from './blob-set.ts'
import { eachLlmsFullPart } from './llms.ts'
import type { PartBlob } from './llms-parts.ts'
import type { IndexValueTaker } from './search-index.ts'

/** How a run of llms-full.txt's pages is cut: parts of at most `maxBytes`; `endsFile` false when another section's pages follow. */
export interface LlmsCut {
  maxBytes: number
  endsFile: boolean
}

/** Cuts the parts of a run of pages, each handed to `take` as it is stored: their hashes, in order. */
export type LlmsPartJobs = (pages: RenderedSource[], cut: LlmsCut, take: IndexValueTaker) => Promise<string[]>

/** A part of llms-full.txt as it is stored: a JSON string, named by its hash. */
export function llmsPartBlob(text: string): PartBlob {
  const json = JSON.stringify(text)
  return { json, hash: contentHash(json) }
}

/** The parts of `pages` (Markdown texts, each read as the cut reaches it), each handed to `take` as it is cut: their hashes, in order. */
export function cutLlmsParts(pages: Iterable<string>, { maxBytes, endsFile }: LlmsCut, take: (json: string, hash: string) => void): string[] {
  const hashes: string[] = []
  eachLlmsFullPart(pages, maxBytes, endsFile, (text) => {
    const { json, hash } = llmsPartBlob(text)
    take(json, hash)
    hashes.push(hash)
  })
  return hashes
}

/** Each page's Markdown copy, read (from the renderings' file, in the CLI's build) as it is iterated. */
function* markdownOf(pages: RenderedSource[]): Generator<string> {
  for (const page of pages) yield page.markdown
}

/** Parts cut in this thread. */
export const llmsPartsInThread: LlmsPartJobs = async (pages, cut, take) => cutLlmsParts(markdownOf(pages), cut, (json, hash) => take.text(json, hash))
