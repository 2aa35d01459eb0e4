import type { IndexedDocument, IndexedSection } from '../../search/index-data.ts'

// Seeded, so a failing sequence can be replayed: the bench corpus's generator.
import { random } from '../../bench/corpus.ts'

// Latin words with accents and digits, and running CJK text, which only the segmenter splits.
const WORDS = [
  'kv',
  'worker',
  'pointer',
  'publish',
  'rollback',
  'search',
  'index',
  'locale',
  'draft',
  'token',
  'élan',
  'straße',
  'v2.1.0',
  'naïve',
  'cache',
  'edge',
  'blob',
  'hash',
]
const CJK = ['検索エンジンの設定', '索引和发布', '文档服务', 'キャッシュを消す', '边缘节点']

/** Makes documents and edits them the way authors do; every edit returns a new list and leaves the old one as it was. */
export class EditSequence {
  private readonly next: () => number
  private created = 0

  constructor(seed: number) {
    this.next = random(seed)
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }

  chance(share: number): boolean {
    return this.next() < share
  }

  sentence(length: number): string {
    return Array.from({ length }, () => (this.chance(0.05) ? this.pick(CJK) : this.pick(WORDS))).join(' ')
  }

  section(): IndexedSection {
    return {
      heading: { id: `h-${this.created}-${Math.floor(this.next() * 1e6)}`, text: this.sentence(1 + Math.floor(this.next() * 3)) },
      text: this.sentence(Math.floor(this.next() * 30)),
    }
  }

  document(locale = 'en'): IndexedDocument {
    const id = this.created++
    const intro: IndexedSection[] = this.chance(0.8) ? [{ heading: null, text: this.sentence(Math.floor(this.next() * 25)) }] : []
    return {
      docId: `area-${id % 5}/page-${id}`,
      slug: `area-${id % 5}/page-${id}`,
      locale,
      section: `area-${id % 5}`,
      title: `${this.sentence(2)} ${id}`,
      draft: this.chance(0.1),
      tags: this.chance(0.5) ? [this.pick(['api', 'guide', 'ops']), 'common'] : [],
      sections: [...intro, ...Array.from({ length: Math.floor(this.next() * 5) }, () => this.section())],
    }
  }

  /** One random edit of `documents`: what the step did, and the new list. */
  edit(documents: IndexedDocument[]): { kind: string; documents: IndexedDocument[] } {
    if (documents.length === 0) return { kind: 'document added', documents: [this.document()] }
    const at = Math.floor(this.next() * documents.length)
    const document = documents[at] as IndexedDocument
    const replace = (changed: Partial<IndexedDocument>) => documents.map((other, position) => (position === at ? { ...other, ...changed } : other))
    const sections = [...document.sections]
    const kinds: Array<[string, () => IndexedDocument[]]> = [
      ['text edited', () => this.withSection(replace, sections, this.sentence(12))],
      [
        'heading added',
        () => {
          sections.splice(1 + Math.floor(this.next() * sections.length), 0, this.section())
          return replace({ sections })
        },
      ],
      [
        'heading removed',
        () => {
          sections.splice(Math.max(0, sections.length - 1), 1)
          return replace({ sections })
        },
      ],
      ['CJK text', () => this.withSection(replace, sections, `${this.pick(CJK)}${this.pick(CJK)} ${this.pick(WORDS)}`)],
      ['title changed', () => replace({ title: this.sentence(3) })],
      ['tags, draft and slug changed', () => replace({ tags: ['moved'], draft: !document.draft, slug: `${document.slug}-new`, section: 'area-9' })],
      ['document added', () => [...documents.slice(0, at), this.document(), ...documents.slice(at)]],
      ['document removed', () => documents.filter((_, position) => position !== at)],
      ['document moved', () => this.moved(documents, at)],
      ['document renamed (taken out, another put in elsewhere)', () => this.moved(documents, at, this.document())],
      ['documents shuffled', () => [...documents].sort(() => this.next() - 0.5)],
    ]
    const [kind, apply] = this.pick(kinds)
    return { kind, documents: apply() }
  }

  private withSection(replace: (changed: Partial<IndexedDocument>) => IndexedDocument[], sections: IndexedSection[], text: string): IndexedDocument[] {
    if (sections.length === 0) return replace({ sections: [{ heading: null, text }] })
    const at = Math.floor(this.next() * sections.length)
    const section = sections[at] as IndexedSection
    sections[at] = { ...section, text: `${section.text} ${text}` }
    return replace({ sections })
  }

  private moved(documents: IndexedDocument[], from: number, replacement = documents[from] as IndexedDocument): IndexedDocument[] {
    const rest = documents.filter((_, position) => position !== from)
    const to = Math.floor(this.next() * (rest.length + 1))
    return [...rest.slice(0, to), replacement, ...rest.slice(to)]
  }
}

/** Adds `word` to the body of `share` of the records (every one when 1), or takes it out again. */
export function spreadWord(documents: IndexedDocument[], word: string, share: number): IndexedDocument[] {
  let count = 0
  return documents.map((document) => {
    const sections = document.sections.map((section) => {
      const text = section.text.split(` ${word}`).join('')
      return (count++ % 100) / 100 < share ? { ...section, text: `${text} ${word}` } : text === section.text ? section : { ...section, text }
    })
    return sections.every((section, position) => section === document.sections[position]) ? document : { ...document, sections }
  })
}
