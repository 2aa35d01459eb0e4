import type { SearchShard } from '../contract/index.ts'
import type { LoadedHead, LoadedIndex, LoadedLists, ScoringHead } from './codec.ts'
import { SearchIndexError } from './errors.ts'
import { base64Field, ByteReader } from './varint.ts'

/** A decoded shard and roughly what it holds in memory, for the isolate's shard cache. */
interface LoadedShard {
  value: LoadedLists
  bytes: number
}

/**
 * Reads shard `position` of a head (already checked against its schema);
 * throws SearchIndexError unless it holds the term range the head says it
 * does, so that a shard of another range can never stand in for it.
 */
export function decodeShard(head: LoadedHead, position: number, shard: SearchShard): LoadedShard {
  const entry = head.shards[position]
  const fail = (what: string) => new SearchIndexError(`search index of ${head.locale}: shard ${position}: ${what}`)
  if (!entry) throw fail('the head has no such shard')
  const terms = shard.terms === '' ? [] : shard.terms.split('\n')
  const next = head.shards[position + 1]?.first
  if (terms.length !== entry.terms || terms[0] !== entry.first) throw fail(`does not hold the ${entry.terms} terms from "${entry.first}"`)
  for (let term = 1; term < terms.length; term++) if ((terms[term - 1] as string) >= (terms[term] as string)) throw fail('its terms are not sorted')
  if (next !== undefined && (terms[terms.length - 1] as string) >= next) throw fail('its terms run into the next shard')
  const bytes = (base64: string, name: string) => base64Field(base64, name, fail)
  const lengths = new ByteReader(bytes(shard.listLengths, 'listLengths'))
  const textStart = new Uint32Array(terms.length + 1)
  const fieldStart = new Uint32Array(terms.length + 1)
  const textCount = new Uint32Array(terms.length)
  const fieldCount = new Uint32Array(terms.length)
  for (let term = 0; term < terms.length; term++) {
    textCount[term] = lengths.varint()
    textStart[term + 1] = (textStart[term] as number) + lengths.varint()
    fieldCount[term] = lengths.varint()
    fieldStart[term + 1] = (fieldStart[term] as number) + lengths.varint()
  }
  const textPostings = bytes(shard.textPostings, 'textPostings')
  const fieldPostings = bytes(shard.fieldPostings, 'fieldPostings')
  if (!lengths.atEnd() || textStart[terms.length] !== textPostings.length || fieldStart[terms.length] !== fieldPostings.length) {
    throw fail('list lengths do not match the posting bytes')
  }
  const textDocs = textDocuments(textPostings, textStart, head.recordDoc, fail)
  const { titleDocs, headingDocs } = fieldDocuments(fieldPostings, fieldStart, head.recordDoc, fail)
  const bytesHeld = textPostings.length + fieldPostings.length + terms.length * 28 + shard.terms.length * 2
  return { value: { terms, textStart, fieldStart, textCount, fieldCount, textDocs, titleDocs, headingDocs, textPostings, fieldPostings }, bytes: bytesHeld }
}

// A term's document frequencies (idf counts documents, see frequencies.ts) are counted here, in the
// pass that checks its postings anyway: a cold isolate's first query then walks a frequent word's
// postings twice (checked, scored), not three times. Every posting must point at a record of the
// head, or scoring would read past its arrays; postings ascend, so each term's last is its largest.

/** Per term, how many documents have it in their body text. */
function textDocuments(postings: Uint8Array, starts: Uint32Array, recordDoc: Uint32Array, fail: (what: string) => Error): Uint32Array {
  const reader = new ByteReader(postings)
  const counts = new Uint32Array(starts.length - 1)
  for (let term = 0; term < counts.length; term++) {
    let record = 0
    let last = -1
    while (reader.offset < (starts[term + 1] as number)) {
      record += Math.floor(reader.varint() / 2)
      const doc = recordDoc[record] ?? -1
      if (doc !== last) counts[term] = (counts[term] as number) + 1
      last = doc
    }
    checkEnd(reader, starts, term, record, recordDoc.length, fail)
  }
  return counts
}

/** Per term, how many documents have it in their title (flagged postings), and how many in a heading. */
function fieldDocuments(postings: Uint8Array, starts: Uint32Array, recordDoc: Uint32Array, fail: (what: string) => Error) {
  const reader = new ByteReader(postings)
  const titleDocs = new Uint32Array(starts.length - 1)
  const headingDocs = new Uint32Array(starts.length - 1)
  for (let term = 0; term < titleDocs.length; term++) {
    let record = 0
    let lastHeading = -1
    while (reader.offset < (starts[term + 1] as number)) {
      const value = reader.varint()
      record += Math.floor(value / 2)
      if (value % 2 === 1) titleDocs[term] = (titleDocs[term] as number) + 1
      else if (recordDoc[record] !== lastHeading) {
        headingDocs[term] = (headingDocs[term] as number) + 1
        lastHeading = recordDoc[record] ?? -1
      }
    }
    checkEnd(reader, starts, term, record, recordDoc.length, fail)
  }
  return { titleDocs, headingDocs }
}

function checkEnd(reader: ByteReader, starts: Uint32Array, term: number, record: number, recordCount: number, fail: (what: string) => Error): void {
  if (reader.offset !== starts[term + 1] || (record >= recordCount && reader.offset > (starts[term] as number))) throw fail('a posting points past the last record')
}

/** The head with the lists of `shards` (in term order, none twice) laid end to end, as one index scoring reads. */
export function viewOf(head: ScoringHead, shards: LoadedLists[]): LoadedIndex {
  if (shards.length === 1) return { ...head, ...(shards[0] as LoadedLists) }
  const termCount = shards.reduce((total, shard) => total + shard.terms.length, 0)
  // Whole arrays at a time (concat, set): a query of three words lays thousands of terms end to end.
  const terms = ([] as string[]).concat(...shards.map((shard) => shard.terms))
  const textStart = new Uint32Array(termCount + 1)
  const fieldStart = new Uint32Array(termCount + 1)
  const textCount = new Uint32Array(termCount)
  const fieldCount = new Uint32Array(termCount)
  const textDocs = new Uint32Array(termCount)
  const titleDocs = new Uint32Array(termCount)
  const headingDocs = new Uint32Array(termCount)
  const textPostings = new Uint8Array(shards.reduce((total, shard) => total + shard.textPostings.length, 0))
  const fieldPostings = new Uint8Array(shards.reduce((total, shard) => total + shard.fieldPostings.length, 0))
  let at = 0
  let text = 0
  let field = 0
  for (const shard of shards) {
    const count = shard.terms.length
    for (let term = 1; term <= count; term++) {
      textStart[at + term] = text + (shard.textStart[term] as number)
      fieldStart[at + term] = field + (shard.fieldStart[term] as number)
    }
    textCount.set(shard.textCount, at)
    fieldCount.set(shard.fieldCount, at)
    textDocs.set(shard.textDocs, at)
    titleDocs.set(shard.titleDocs, at)
    headingDocs.set(shard.headingDocs, at)
    textPostings.set(shard.textPostings, text)
    fieldPostings.set(shard.fieldPostings, field)
    at += count
    text += shard.textPostings.length
    field += shard.fieldPostings.length
  }
  return { ...head, terms, textStart, fieldStart, textCount, fieldCount, textDocs, titleDocs, headingDocs, textPostings, fieldPostings }
}
