import type { SourceDocument } from '../content/documents.ts'
import { isGenerated, type ParsedFile, type ReleaseFrontMatter, type SourceFile } from '../content/front-matter.ts'
import { bodyDigestOf } from '../content/parse-record.ts'
import { heroSource, type HeroSource } from '../content/hero.ts'
import { byPlace, type ContentProblem } from '../content/problems.ts'
import { frontMatterPage, isLayoutFrontMatter } from '../markdown/mdx/layout-page.ts'
import { partialsFor, type PartialSource } from '../markdown/mdx/partials.ts'
import type { HeadingIdRule, MarkdownFormat } from '../content/markdown-options.ts'
import { linksStillResolve } from '../markdown/relink.ts'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from '../markdown/render.ts'

/** Renders many Markdown inputs at once, keyed by the caller; the CLI hands in a cached, multi-core one. */
export type RenderMany = (inputs: Map<string, RenderInput>, targets: LinkTargets) => Promise<Map<string, RenderedDocument>>

export const renderInProcess: RenderMany = async (inputs, targets) => new Map([...inputs].map(([key, input]) => [key, renderDocument(input, targets)]))

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
      lastTargets === targets ||
      (lastTargets !== null &&
        sameRecords(lastTargets.urls, targets.urls) &&
        sameRecords(lastTargets.markdownUrls, targets.markdownUrls) &&
        sameRecords(lastTargets.routes?.aliases ?? {}, targets.routes?.aliases ?? {}) &&
        lastTargets.assets === targets.assets)
    const outputs = new Map<string, RenderedDocument>()
    const changed = new Map<string, RenderInput>()
    for (const [key, input] of inputs) {
      const prior = last.get(key)
      const same = prior && sameInput(prior.input, input)
      if (same && (sameTargets || linksStillResolve(input, prior.output, targets))) outputs.set(key, prior.output)
      else changed.set(key, input)
    }
    for (const [key, output] of await render(changed, targets)) outputs.set(key, output)
    last = new Map([...inputs].map(([key, input]) => [key, { input, output: outputs.get(key) as RenderedDocument }]))
    lastTargets = targets
    return outputs
  }
}

function sameInput(a: RenderInput, b: RenderInput): boolean {
  return (
    a.path === b.path &&
    a.bodyLine === b.bodyLine &&
    a.body === b.body &&
    a.format === b.format &&
    a.headingIds === b.headingIds &&
    a.vue === b.vue &&
    JSON.stringify(a.hero) === JSON.stringify(b.hero) &&
    (a.partials === b.partials || JSON.stringify(a.partials) === JSON.stringify(b.partials))
  )
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
  /** What rendering found, in reading order: errors fail the build. */
  errors: ContentProblem[]
  warnings: ContentProblem[]
}

export interface RenderOptions {
  /** site.yml `markdown.format`: how `.md` files are read. */
  format: MarkdownFormat
  /** The partials pages may inline, by content path. */
  partials: Map<string, PartialSource>
  /** site.yml `markdown.headingIds`: how headings get their ids. */
  headingIds: HeadingIdRule
  /** site.yml `markdown.vue`: `{{ }}` in pages read as Markdown is Vue's. */
  vue?: boolean
}

type ReleaseFile = ParsedFile<Partial<ReleaseFrontMatter>>

const DEFAULT_RENDER_OPTIONS: RenderOptions = { format: 'md', partials: new Map(), headingIds: 'github' }

/** Documents and release notes render in one call: one thread pool, one cache. */
export async function renderContent(
  documents: SourceDocument[],
  releases: ReleaseFile[],
  targets: LinkTargets,
  renderMany: RenderMany,
  options: RenderOptions = DEFAULT_RENDER_OPTIONS,
): Promise<RenderedContent> {
  const rendered = await renderMany(renderInputsOf(documents, releases, options), targets)
  const output = (key: string) => {
    const value = rendered.get(key)
    if (!value) throw new Error(`the renderer returned nothing for ${key}`)
    return value
  }
  const layoutWarnings: ContentProblem[] = []
  const renderedDocuments = new Map(
    documents.map((document) => {
      const rendered = output(`document:${document.path}`)
      const layout = layoutPage(document, rendered, targets, options.headingIds)
      if (layout) layoutWarnings.push(layout.warning)
      return [document.path, layout?.rendered ?? rendered]
    }),
  )
  const renderedReleases = new Map(
    releases.map(({ file, data }) => [file.path, { body: output(`release:${file.path}`), upgrade: data.upgrade ? output(`upgrade:${file.path}`) : null }]),
  )
  const all = [...rendered.values()]
  return {
    documents: renderedDocuments,
    releases: renderedReleases,
    errors: dedupe(all.flatMap((output) => output.errors)).sort(byPlace),
    warnings: dedupe([...all.flatMap((output) => output.warnings), ...layoutWarnings]).sort(byPlace),
  }
}

/**
 * What a version renders, keyed by kind and path: its documents, its release
 * notes and their upgrade notes. An input's body is its file's, read when
 * asked for (to hash it, or to send it to a render thread): a build whose
 * files are read on demand holds none of the site's Markdown at once.
 */
export function renderInputsOf(documents: SourceDocument[], releases: ReleaseFile[], options: RenderOptions): Map<string, RenderInput> {
  const inputs = new Map<string, RenderInput>()
  const source = (path: string, parsed: { readonly body: string; bodyLine: number; file?: SourceFile }, hero?: HeroSource): RenderInput => {
    // A generated page is CommonMark (an OpenAPI document's descriptions), whatever the site's pages are written in.
    const format = parsed.file && isGenerated(parsed.file) ? 'md' : options.format
    const partials = partialsFor(() => parsed.body, options.partials, { imports: format !== 'md' || path.endsWith('.mdx') })
    const digest = bodyDigestOf(parsed)
    return {
      path,
      get body() {
        return parsed.body
      },
      bodyLine: parsed.bodyLine,
      ...(digest ? { bodyDigest: digest } : {}),
      format,
      headingIds: options.headingIds,
      ...(partials ? { partials } : {}),
      ...(options.vue ? { vue: true } : {}),
      ...(hero ? { hero } : {}),
    }
  }
  for (const { path, parsed } of documents) inputs.set(`document:${path}`, source(path, parsed, heroSource(parsed.data, parsed.lineOf('hero'))))
  for (const parsed of releases) {
    const { file, data } = parsed
    inputs.set(`release:${file.path}`, source(file.path, parsed))
    if (data.upgrade) inputs.set(`upgrade:${file.path}`, { path: file.path, body: data.upgrade, bodyLine: parsed.lineOf('upgrade') + 1, headingIds: options.headingIds })
  }
  return inputs
}

// By rendering, which never changes: a long-lived build asks on every save, and the text may wait in a file (npm start).
const blankMarkdown = new WeakMap<RenderedDocument, boolean>()

function isBlank(rendered: RenderedDocument): boolean {
  let blank = blankMarkdown.get(rendered)
  if (blank === undefined) {
    blank = rendered.markdown.trim() === ''
    blankMarkdown.set(rendered, blank)
  }
  return blank
}

/**
 * A page that renders to nothing although it has a body (only components)
 * or says it is a layout (VitePress `layout: home`) is a warning; its front
 * matter text, if any, makes the page.
 */
function layoutPage(
  document: SourceDocument,
  rendered: RenderedDocument,
  targets: LinkTargets,
  headingIds: HeadingIdRule,
): { rendered: RenderedDocument | null; warning: ContentProblem } | null {
  const data: Record<string, unknown> = document.parsed.data
  if (rendered.errors.length > 0 || !isBlank(rendered) || (document.parsed.body.trim() === '' && !isLayoutFrontMatter(data))) return null
  const page = frontMatterPage(data)
  const message = page
    ? 'page has no content of its own, only components or front matter (a theme layout?): it shows its front matter title, description and hero text'
    : 'page has no content of its own, only components or front matter (a theme layout?): it is empty'
  const warning = { path: document.path, line: document.parsed.bodyLine, message }
  return { rendered: page ? renderDocument({ path: document.path, body: page, bodyLine: document.parsed.bodyLine, headingIds }, targets) : null, warning }
}

/** A partial's problems come once per page that inlines it; they are told once. */
function dedupe(problems: ContentProblem[]): ContentProblem[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    const key = `${problem.path}\u0000${problem.line}\u0000${problem.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
