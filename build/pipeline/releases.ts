import semver from 'semver'
import { SCHEMA_VERSION, type ReleaseEntry, type ReleasesBlob } from '../../contract/index.ts'
import type { ParsedFile, ReleaseFrontMatter } from '../content/front-matter.ts'
import type { ContentProblem } from '../content/problems.ts'
import type { RenderedRelease } from './render-all.ts'

interface RelatedTarget {
  slug: string
  title: string
  url: string
  draft: boolean
}

export interface ReleaseContext {
  /** Each file's rendering, by path. */
  rendered: Map<string, RenderedRelease>
  /** URLs of draft documents, which release notes must not link to. */
  draftUrls: Set<string>
  /** Resolves a `related` slug of the default locale, or undefined. */
  related: (slug: string) => RelatedTarget | undefined
  /** Names of the docs versions, in site.yml's order (empty on a site without versions). */
  docsVersions: readonly string[]
}

const releasePath = /^releases\/([^/]+)\/[^/]+\.md$/

export function buildReleases(
  files: Array<ParsedFile<Partial<ReleaseFrontMatter>>>,
  context: ReleaseContext,
): { releases: ReleasesBlob; problems: ContentProblem[]; brokenLinks: ContentProblem[] } {
  const problems: ContentProblem[] = []
  // Apart from the other problems: `links: warn` in site.yml makes them warnings.
  const brokenLinks: ContentProblem[] = []
  const streams = new Map<string, Array<ReleaseEntry & { path: string }>>()
  for (const parsed of files) {
    const { data, file } = parsed
    const problem = (key: string, message: string) => problems.push({ path: file.path, line: parsed.lineOf(key), message })
    // Front matter validation has reported a missing or invalid version or date.
    const version = semver.valid(data.version ?? null)
    const related = (data.related ?? []).flatMap((slug) => {
      const target = context.related(slug)
      if (!target) problem('related', `related "${slug}" points at no document`)
      return target ? [target] : []
    })
    const rendered = context.rendered.get(file.path)
    if (!rendered) throw new Error(`${file.path} was not rendered`)
    const { body, upgrade } = rendered
    for (const link of [...body.links, ...(upgrade?.links ?? [])]) {
      if (link.url === null) brokenLinks.push({ path: file.path, line: link.line, message: `link "${link.href}" points at no document` })
      // Release notes are always public: a link into a draft would leak it.
      else if (context.draftUrls.has(link.url)) problems.push({ path: file.path, line: link.line, message: `link "${link.href}" points at a draft` })
    }
    if (!version || !data.date) continue
    const stream = data.stream ?? releasePath.exec(file.path)?.[1] ?? 'default'
    const entries = streams.get(stream) ?? []
    const duplicate = entries.find((entry) => entry.version === version)
    if (duplicate) {
      problem('version', `version ${version} of stream "${stream}" is also in ${duplicate.path}`)
      continue
    }
    entries.push({
      path: file.path,
      version,
      date: data.date,
      title: data.title ?? `${stream} ${version}`,
      html: body.html,
      upgrade: upgrade ? { html: upgrade.html } : null,
      breaking: data.breaking ?? false,
      related,
      docsVersion: context.docsVersions.find((name) => semver.validRange(name) !== null && semver.satisfies(version, name, { includePrerelease: true })) ?? null,
    })
    streams.set(stream, entries)
  }
  const blob: ReleasesBlob = {
    schemaVersion: SCHEMA_VERSION,
    streams: [...streams.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, entries]) => ({
        name,
        releases: entries.sort((a, b) => semver.rcompare(a.version, b.version)).map(({ path: _path, ...entry }) => entry),
      })),
  }
  return { releases: blob, problems, brokenLinks }
}
