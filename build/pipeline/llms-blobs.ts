import { LLMS_FULL_PART_BYTES, type DocsVersion, type LlmsPartsBlob } from '../../contract/index.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { RenderedSource } from './assemble.ts'
import { type BlobSet, contentHash } from './blob-set.ts'
import { LlmsParts } from './llms-parts.ts'
import { eachLlmsFullPart, llmsFullParts } from './llms.ts'
import { llmsLayout, llmsPages, llmsPagesBetween, sameLlmsLayout } from './locale-llms.ts'
import type { LocaleView } from './locale-view.ts'
import type { PageBlobMemo } from './page-blob-memo.ts'
import type { Reuse, VersionMemo } from './reuse.ts'

/** What a locale's llms files take of its version's settings (VersionSettings). */
export interface LlmsSettings {
  site: SiteConfig
  /** Separates this version's kept values from the others' in a long-lived build. */
  key: string
  blobs: BlobSet
  reuse?: Reuse | undefined
  llmsPartBytes?: number | undefined
  /** The size line of each locale's llms.txt, in bytes (tests make it small). */
  viewBytes?: number | undefined
}

/** The locale's llms.txt, the parts of its llms-full.txt and section files, and the LlmsPartsBlob naming them, as blobs. */
export function llmsBlobs(input: LlmsSettings, locale: string, view: LocaleView, memo: VersionMemo, pageBlobs: PageBlobMemo | undefined): DocsVersion['llms'][string] {
  const { site, blobs } = input
  // The order of llms-full.txt and the text of llms.txt come from the public sidebar and what
  // it says of each page: kept while the sidebar is the same object and its pages say the same.
  const { publicTree, published: listed } = view
  const layout = input.reuse
    ? input.reuse.memoIf(
        ['llms', input.key, locale],
        { publicTree, listed },
        (kept) => kept.publicTree === publicTree && sameLlmsLayout(kept.listed, listed),
        () => llmsLayout(site, locale, publicTree, listed, input.viewBytes),
      )
    : llmsLayout(site, locale, publicTree, listed, input.viewBytes)
  const maxBytes = input.llmsPartBytes ?? LLMS_FULL_PART_BYTES
  // The long-lived build's parts keep their JSON and hash, to store again only what changed.
  const partBlob = (text: string) => {
    const json = JSON.stringify(text)
    return { json, hash: contentHash(json) }
  }
  // llms-full.txt's parts from `start` to `end` of the layout's order. A one-shot build reads each
  // page as the parts reach it and stores each part as it is cut, so a locale's whole text is never
  // held; a long-lived build keeps each run's parts, to make again only what changed.
  let pages: string[] | undefined
  const partsOf = (start: number, end: number, key: string[], endsFile: boolean): string[] => {
    if (!input.reuse) {
      const make = () => {
        const hashes: string[] = []
        eachLlmsFullPart(llmsPagesBetween(layout, listed, start, end), maxBytes, endsFile, (text) => hashes.push(blobs.add(text)))
        return hashes
      }
      if (!pageBlobs) return make()
      const pagesCut = layout.order.slice(start, end).map((position) => listed[position] as RenderedSource)
      return pageBlobs.llmsFullParts(blobs, pagesCut, `llms-full ${maxBytes} ${endsFile}`, make)
    }
    pages ??= llmsPages(layout, listed).pages
    return memo(key, () => new LlmsParts())
      .update(pages.slice(start, end), maxBytes, partBlob, endsFile)
      .map(({ json, hash }) => (json === undefined ? blobs.addMade(hash) : blobs.addText(json, hash)))
  }
  const index = blobs.addFrom([layout, 'llms.txt'], () => layout.index)
  // The part lists go in a value of their own, which only the llms routes read (DocsVersion names it).
  const stored = (lists: LlmsPartsBlob) => ({ index, fullEtag: contentHash(lists.full.join('\n')), parts: blobs.add(lists) })
  if (!layout.sections) return stored({ full: partsOf(0, layout.order.length, ['llms-parts', locale], true) })
  // A large locale cuts llms-full.txt between sections too, so each section's pages in full are a run of its parts.
  const sections: NonNullable<LlmsPartsBlob['sections']> = {}
  const layoutSections = layout.sections
  const loose = layout.order.length - layoutSections.reduce((sum, section) => sum + section.pages, 0)
  const full = loose > 0 ? partsOf(0, loose, ['llms-parts', locale, ''], layoutSections.length === 0) : []
  let start = loose
  layoutSections.forEach((section, position) => {
    const fullParts = partsOf(start, start + section.pages, ['llms-parts', locale, section.name], position === layoutSections.length - 1)
    start += section.pages
    full.push(...fullParts)
    const parts = llmsFullParts([section.text], Math.min(input.viewBytes ?? LLMS_FULL_PART_BYTES, LLMS_FULL_PART_BYTES)).map((part) => blobs.add(part))
    sections[section.name] = { parts, etag: contentHash(parts.join('\n')), fullParts, fullEtag: contentHash(fullParts.join('\n')) }
  })
  return stored({ full, sections })
}
