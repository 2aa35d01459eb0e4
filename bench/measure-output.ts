import { readDist } from '../publish/read-dist.ts'
import { DocumentBlobSchema, LlmsPartsBlobSchema, TextBlobSchema } from '../contract/index.ts'
import { defaultDocsOf, routesOf } from './routes.ts'
import { median, percentile } from './stats.ts'

export interface OutputFigures {
  /** Per locale: llms.txt bytes, llms-full.txt bytes and its number of parts. */
  llms: Record<string, { indexBytes: number; fullBytes: number; parts: number }>
  documentBytes: { p50: number; p99: number }
  navBytes: { p50: number; p99: number }
  markdownBytes: { p50: number; p99: number }
}

const bytes = (text: string) => new TextEncoder().encode(text).byteLength
const spread = (values: number[]) => ({ p50: median(values), p99: percentile(values, 99) })

/** Sizes of what a build stores: documents and their `nav`, Markdown copies, llms files. */
export async function measureOutput(distDir: string): Promise<OutputFigures> {
  const { manifest, readBlob } = await readDist(distDir)
  const llms: OutputFigures['llms'] = {}
  for (const [locale, files] of Object.entries((await defaultDocsOf(manifest, readBlob)).llms)) {
    const { full } = LlmsPartsBlobSchema.parse(JSON.parse(await readBlob(files.parts)))
    let fullBytes = 0
    for (const part of full) fullBytes += bytes(TextBlobSchema.parse(JSON.parse(await readBlob(part))))
    llms[locale] = { indexBytes: bytes(TextBlobSchema.parse(JSON.parse(await readBlob(files.index)))), fullBytes, parts: full.length }
  }
  const entries = Object.values((await routesOf(manifest, readBlob)).documents[manifest.site.defaultLocale] ?? {})
  const documents: number[] = []
  const navs: number[] = []
  const markdown: number[] = []
  for (const entry of entries) {
    const text = await readBlob(entry.blob)
    documents.push(bytes(text))
    navs.push(bytes(JSON.stringify(DocumentBlobSchema.parse(JSON.parse(text)).nav)))
    markdown.push(bytes(await readBlob(entry.markdown)))
  }
  return { llms, documentBytes: spread(documents), navBytes: spread(navs), markdownBytes: spread(markdown) }
}
