import MiniSearch from 'minisearch'
import type { DocumentBlob, Manifest } from '../contract/index.ts'
import { routesOf } from './routes.ts'

/** The baseline: MiniSearch configured the way VitePress's local search is. */
export const VITEPRESS = {
  fields: ['title', 'titles', 'text'],
  storeFields: ['title', 'titles'],
  searchOptions: { boost: { title: 4, text: 2, titles: 1 }, prefix: true, fuzzy: 0.2 },
}

/** One record per published page of a locale (its id is the document id), full text, as VitePress indexes a page. */
export async function buildBaseline(manifest: Manifest, readBlob: (hash: string) => Promise<string>, locale: string): Promise<MiniSearch> {
  const index = new MiniSearch(VITEPRESS)
  for (const [docId, entry] of Object.entries((await routesOf(manifest, readBlob)).documents[locale] ?? {})) {
    if (entry.draft) continue
    const blob = JSON.parse(await readBlob(entry.blob)) as DocumentBlob
    const titles = blob.toc.flatMap(function flat(e): string[] {
      return [e.text, ...e.children.flatMap(flat)]
    })
    index.add({ id: docId, title: blob.title, titles: titles.join(' '), text: blob.html.replace(/<[^>]+>/g, ' ') })
  }
  return index
}
