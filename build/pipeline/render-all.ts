import type { SourceDocument } from '../content/documents.ts'
import type { ParsedFile, ReleaseFrontMatter } from '../content/front-matter.ts'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from '../markdown/render.ts'

/** Renders many Markdown inputs at once, keyed by the caller; the CLI hands in a cached, multi-core one. */
export type RenderMany = (inputs: Map<string, RenderInput>, targets: LinkTargets) => Promise<Map<string, RenderedDocument>>

export const renderInProcess: RenderMany = async (inputs, targets) =>
  new Map([...inputs].map(([key, input]) => [key, renderDocument(input, targets)]))

/** A release note's rendered Markdown: its body, and its upgrade notes if it has any. */
export interface RenderedRelease {
  body: RenderedDocument
  upgrade: RenderedDocument | null
}

export interface RenderedContent {
  /** By content path. */
  documents: Map<string, RenderedDocument>
  releases: Map<string, RenderedRelease>
}

type ReleaseFile = ParsedFile<Partial<ReleaseFrontMatter>>

/** Documents and release notes render in one call: one thread pool, one cache. */
export async function renderContent(
  documents: SourceDocument[],
  releases: ReleaseFile[],
  targets: LinkTargets,
  renderMany: RenderMany,
): Promise<RenderedContent> {
  const inputs = new Map<string, RenderInput>()
  for (const { path, parsed } of documents) inputs.set(`document:${path}`, { path, body: parsed.body, bodyLine: parsed.bodyLine })
  for (const parsed of releases) {
    const { file, data } = parsed
    inputs.set(`release:${file.path}`, { path: file.path, body: parsed.body, bodyLine: parsed.bodyLine })
    if (data.upgrade) inputs.set(`upgrade:${file.path}`, { path: file.path, body: data.upgrade, bodyLine: parsed.lineOf('upgrade') + 1 })
  }
  const rendered = await renderMany(inputs, targets)
  const output = (key: string) => {
    const value = rendered.get(key)
    if (!value) throw new Error(`the renderer returned nothing for ${key}`)
    return value
  }
  return {
    documents: new Map(documents.map(({ path }) => [path, output(`document:${path}`)])),
    releases: new Map(
      releases.map(({ file, data }) => [file.path, { body: output(`release:${file.path}`), upgrade: data.upgrade ? output(`upgrade:${file.path}`) : null }]),
    ),
  }
}
