import { type Category, isCategoryFile, parseCategoryFile } from '../content/categories.ts'
import { type SourceDocument, toSourceDocuments } from '../content/documents.ts'
import { type DocumentFrontMatter, type Parsed, type ParsedFile, parseDocumentFile, type SourceFile } from '../content/front-matter.ts'
import { appendAll, type ContentProblem } from '../content/problems.ts'
import type { GitHistory } from '../content/read-results.ts'
import { frontMatterRedirectSources, gitRenameSources, liveSlugsOf, resolveRedirects, siteRedirectSources } from '../content/redirects.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { includedFiles } from '../markdown/includes/included-files.ts'
import { checkSidebar, sidebarNames } from './nav-layout.ts'
import type { VersionMemo } from './reuse.ts'

/** What reading a version's pages takes of its input (see VersionInput). */
interface VersionFiles {
  files: SourceFile[]
  git: GitHistory
  site: SiteConfig
  sidebarFile?: string | undefined
  /** Parses a page's file; the CLI's build hands in one that keeps what it parsed between builds (build/parsed-files.ts). */
  parseDocument?: ((file: SourceFile) => Parsed<DocumentFrontMatter>) | undefined
}

/** The version's pages read: front matter, categories, documents, redirects and sidebar names, with what was wrong. */
export interface ReadDocuments {
  docFiles: Array<ParsedFile<DocumentFrontMatter>>
  /** Files other pages include, which are not pages themselves. */
  included: ReturnType<typeof includedFiles>
  categories: Category[]
  documents: SourceDocument[]
  redirects: Record<string, string>
  names: Map<string, string>
  problems: ContentProblem[]
}

/** Front matter -> documents -> redirects, with the sidebar of site.yml checked against them. */
export function readDocuments(input: VersionFiles, memo: VersionMemo): ReadDocuments {
  const { site } = input
  const problems: ContentProblem[] = []
  const collect = <T>(result: { value: T; problems: ContentProblem[] }): T[] => {
    problems.push(...result.problems)
    return [result.value]
  }
  const docFiles: Array<ParsedFile<DocumentFrontMatter>> = input.files
    .filter((file) => file.path.startsWith('docs/') && !isCategoryFile(file.path))
    .flatMap((file) => collect(memo([file], () => (input.parseDocument ?? parseDocumentFile)(file))))
  const categories = input.files.filter((file) => isCategoryFile(file.path)).flatMap((file) => collect(parseCategoryFile(file)).filter((c) => c !== null))
  const included = includedFiles(docFiles, site.locales)
  const { documents, problems: documentProblems } = toSourceDocuments(
    docFiles.filter(({ file }) => !included.has(file.path)),
    site,
  )
  appendAll(problems, documentProblems)
  const redirectSources = [...frontMatterRedirectSources(documents), ...siteRedirectSources(site), ...gitRenameSources(input.git.renames, documents)]
  const redirects = resolveRedirects({ sources: redirectSources, liveSlugs: liveSlugsOf(documents) })
  appendAll(problems, redirects.problems)
  const names = sidebarNames(documents, site.defaultLocale)
  if (site.sidebar)
    problems.push(
      ...checkSidebar(site.sidebar, {
        docIdOf: (name) => names.get(name),
        docIds: documents.map((document) => document.docId),
        ...(input.sidebarFile ? { file: input.sidebarFile } : {}),
      }),
    )
  return { docFiles, included, categories, documents, redirects: redirects.redirects, names, problems }
}
