import type { Heading, RootContent } from 'mdast'
import { toString as textOf } from 'mdast-util-to-string'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { Corpus } from '../../bench/corpus.ts'
import { parseDocumentFile } from '../../build/content/front-matter.ts'
import type { IndexedDocument, IndexedSection } from '../../search/index-data.ts'

const parser = unified().use(remarkParse).freeze()

/**
 * The documents of one locale of the bench corpus as an index receives them,
 * cut at headings by the Markdown parser: without the renderer (and its
 * highlighter), 2,000 pages take a second instead of minutes.
 */
export function corpusDocuments(corpus: Corpus, locale: string): IndexedDocument[] {
  const prefix = `docs/${locale}/`
  const paths = [...corpus.files.keys()].filter((path) => path.startsWith(prefix)).sort()
  return paths.map((path) => {
    const parsed = parseDocumentFile({ path, text: corpus.files.get(path) as string, mtimeMs: 0 }).value
    const slug = path.slice(prefix.length, -'.md'.length)
    const sections: IndexedSection[] = [{ heading: null, text: '' }]
    for (const node of parser.parse(parsed.body).children as RootContent[]) {
      if (node.type === 'heading') sections.push({ heading: { id: `h-${sections.length}`, text: textOf(node as Heading) }, text: '' })
      else {
        const section = sections[sections.length - 1] as IndexedSection
        section.text = section.text === '' ? textOf(node) : `${section.text}\n${textOf(node)}`
      }
    }
    return {
      docId: slug,
      slug,
      locale,
      section: slug.split('/')[0] as string,
      title: String(parsed.data.title ?? slug),
      draft: parsed.data.draft === true,
      tags: [],
      sections,
    }
  })
}
