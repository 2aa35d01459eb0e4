import type { SourceDocument } from '../content/documents.ts'
import type { ParsedFile, ReleaseFrontMatter } from '../content/front-matter.ts'
import { linksStillResolve } from '../markdown/render-cache.ts'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from '../markdown/render.ts'

/** Renders many Markdown inputs at once, keyed by the caller; the CLI hands in a cached, multi-core one. */
export type RenderMany = (inputs: Map<string, RenderInput>, targets: LinkTargets) => Promise<Map<string, RenderedDocument>>

export const renderInProcess: RenderMany = async (inputs, targets) =>
  new Map([...inputs].map(([key, input]) => [key, renderDocument(input, targets)]))

/**
 * For a long-lived build: renders only the inputs that changed since the last
 * call (or whose links now resolve elsewhere), and hands back the very same
 * rendering object for the others, which later stages key their reuse on.
 */
export function reusingRenderings(render: RenderMany): RenderMany {
  let last = new Map<string, { input: RenderInput; output: RenderedDocument }>()
  let lastTargets: LinkTargets | null = null
  return async (inputs, targets) => {
    // An edit that adds, removes or renames no page leaves every link where it was.
    const sameTargets =
      lastTargets !== null &&
      sameRecords(lastTargets.urls, targets.urls) &&
      sameRecords(lastTargets.markdownUrls, targets.markdownUrls) &&
      sameRecords(lastTargets.routes?.aliases ?? {}, targets.routes?.aliases ?? {}) &&
      lastTargets.assets === targets.assets
    const outputs = new Map<string, RenderedDocument>()
    const changed = new Map<string, RenderInput>()
    for (const [key, input] of inputs) {
      const prior = last.get(key)
      const same = prior && prior.input.path === input.path && prior.input.bodyLine === input.bodyLine && prior.input.body === input.body
      if (same && (sameTargets || linksStillResolve(input, prior.output, targets))) outputs.set(key, prior.output)
      else changed.set(key, input)
    }
    for (const [key, output] of await render(changed, targets)) outputs.set(key, output)
    last = new Map([...inputs].map(([key, input]) => [key, { input, output: outputs.get(key) as RenderedDocument }]))
    lastTargets = targets
    return outputs
  }
}

function sameRecords(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) if (a[key] !== b[key]) return false
  return true
}

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
