import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fitsKv } from '../contract/index.ts'
import { isCategoryFile } from './content/categories.ts'
import type { SourceFile } from './content/front-matter.ts'
import { ContentError, type ContentProblem } from './content/problems.ts'
import { parseSiteConfig, SITE_FILE, type SiteConfig } from './content/site-config.ts'
import type { AssetFile, GitHistory } from './content/read-results.ts'
import { readGitHistory, runGit } from './git-history.ts'
import { isMarkdownPath } from './content/files.ts'
import { mapLimit } from './map-limit.ts'
import type { ArchivedVersion, VersionSourceContent } from './pipeline/version-step.ts'
import { assetDirPaths, mayBeAsset, readAssetFile } from './read-assets.ts'
import { versionedSidebarsPath, type SidebarFile } from './content/versioned-sidebar.ts'

/**
 * Opens one version kept outside the content folder's `docs/`, by its name;
 * `leftOut` has the versions whose git ref is missing when the reader was
 * told to leave them out, each with the warning that says why.
 */
export type VersionReader = ((name: string) => Promise<ArchivedVersion>) & { leftOut: ReadonlyMap<string, ContentProblem> }

/**
 * What a version whose git ref is missing does to the build: `error` for
 * `npm run build` and publishing (a publish must not drop a version in
 * silence); `leave out` for `npm start`, so a copy without history (a zip,
 * a shallow clone) still serves the rest.
 */
export type MissingRefRule = 'error' | 'leave out'

/**
 * The pages of each version kept outside the content folder's `docs/`: a
 * folder of default-locale pages, or the content folder at a git ref, read
 * from git's objects without a checkout. Each is handed to the pipeline as if
 * it were `docs/`, with a way back to the real place for problems. Every
 * source is checked first; a path that is not there or a ref git does not
 * know is a site.yml problem, which a read throws (as ContentError, with all
 * of them), so `npm start` shows it as any other. A version's pages are read
 * only when the pipeline comes to it: a build holds one version's text at a time.
 */
export async function versionReader(
  contentDir: string,
  siteText: string,
  git: GitHistory,
  localeFolders: readonly string[],
  missingRef: MissingRefRule = 'error',
): Promise<VersionReader> {
  const parsed = parseSiteConfig(siteText, localeFolders)
  // A broken site.yml fails the build with its own problems.
  const versions = parsed.ok ? parsed.site.versions : []
  const problems: ContentProblem[] = []
  const leftOut = new Map<string, ContentProblem>()
  const commits = new Map<string, string>()
  for (const version of versions) {
    const { source } = version
    if (source.kind === 'folder' && !(await stat(join(contentDir, source.path)).catch(() => null))?.isDirectory()) {
      problems.push({ path: SITE_FILE, line: version.line, message: `versions: "${version.name}" has path "${source.path}", which is not a folder of the content folder` })
    } else if (source.kind === 'ref') {
      const commit = await runGit(contentDir, ['rev-parse', '--verify', '--quiet', `${source.ref}^{commit}`]).then(
        (out) => out.trim(),
        () => '',
      )
      if (commit) commits.set(version.name, commit)
      else if (missingRef === 'leave out')
        leftOut.set(version.name, {
          path: SITE_FILE,
          line: version.line,
          message: `versions: "${version.name}" is left out: its ref "${source.ref}" is not in this copy's git history (a copy without history, or a shallow clone); fetch it with \`git fetch --unshallow\` (or \`git fetch origin tag ${source.ref}\` for a tag) to serve it. npm run build and publishing stop here instead`,
        })
      else
        problems.push({
          path: SITE_FILE,
          line: version.line,
          message: `versions: "${version.name}" has ref "${source.ref}", which git does not know in this repository${(await isShallow(contentDir)) ? ' (a shallow clone: fetch the full history, e.g. actions/checkout with fetch-depth: 0)' : ''}`,
        })
    }
  }
  // Where the content folder sits in the repository, which a ref's tree is read under.
  const prefix = commits.size > 0 ? (await runGit(contentDir, ['rev-parse', '--show-prefix'])).trim() : ''
  return Object.assign(
    async (name: string): Promise<ArchivedVersion> => {
      if (problems.length > 0) throw new ContentError(problems)
      const version = versions.find((candidate) => candidate.name === name)
      if (!parsed.ok || !version || version.source.kind === 'current') throw new Error(`version "${name}" is not kept in a folder or at a ref`)
      if (version.source.kind === 'folder') return openFolderVersion(contentDir, version.source.path, parsed.site, git)
      const { ref } = version.source
      const commit = commits.get(name) as string
      return {
        // A commit names its tree whole; the prefix says which folder of it is the content.
        fingerprint: `${commit}:${prefix}`,
        origin: (path) => `${path}@${ref}`,
        read: () => readRefVersion(contentDir, commit, prefix, parsed.site),
      }
    },
    { leftOut },
  )
}

/**
 * A folder's version, named by what its output depends on without reading
 * it: each file's path, size and time, their edit history and the sidebars file.
 */
async function openFolderVersion(contentDir: string, folder: string, site: SiteConfig, git: GitHistory): Promise<ArchivedVersion> {
  const root = join(contentDir, folder)
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
  const docsPrefix = `docs/${site.defaultLocale}/`
  const sidebarsPath = versionedSidebarsPath(folder)
  const sidebarsText = sidebarsPath === null ? null : await readFile(join(contentDir, sidebarsPath), 'utf8').catch(() => null)
  const sidebar = sidebarsPath !== null && sidebarsText !== null ? { path: sidebarsPath, text: sidebarsText } : undefined
  const hash = createHash('sha256').update(`${sidebarsText ?? ''}\u0000`)
  for (const path of paths) {
    const info = await stat(join(root, path))
    hash.update(`${path}\u0000${info.size}\u0000${info.mtimeMs}\u0000${JSON.stringify(git.files.get(`${folder}/${path}`) ?? null)}\u0000`)
  }
  // Root paths (`/img/logo.png`) of its pages find their files in the content folder's asset folders, as the current docs' do.
  const shared = await assetDirPaths(contentDir, site.assetDirs)
  for (const path of shared) {
    const info = await stat(join(contentDir, path))
    hash.update(`shared:${path}\u0000${info.size}\u0000${info.mtimeMs}\u0000`)
  }
  return {
    fingerprint: `folder:${hash.digest('hex')}`,
    origin: (path) => (path.startsWith(docsPrefix) ? `${folder}/${path.slice(docsPrefix.length)}` : path),
    read: async () => {
      const content = await readFolderVersion(root, paths, docsPrefix, folder, git, sidebar)
      return { ...content, assets: [...content.assets, ...(await mapLimit(shared, 32, (path) => readAssetFile(contentDir, path)))] }
    },
  }
}

async function readFolderVersion(
  root: string,
  paths: string[],
  docsPrefix: string,
  folder: string,
  git: GitHistory,
  sidebar: SidebarFile | undefined,
): Promise<VersionSourceContent> {
  const files = await mapLimit(
    paths.filter((path) => isMarkdownPath(path) || isCategoryFile(`docs/x/${path}`)),
    32,
    async (path): Promise<SourceFile> => {
      const absolute = join(root, path)
      const [text, info] = await Promise.all([readFile(absolute, 'utf8'), stat(absolute)])
      return { path: docsPrefix + path, text, mtimeMs: info.mtimeMs }
    },
  )
  const ownAssets = await mapLimit(
    paths.filter((path) => !isMarkdownPath(path) && mayBeAsset(path)),
    32,
    async (path): Promise<AssetFile> => {
      const bytes = await readFile(join(root, path))
      return { path: docsPrefix + path, size: bytes.byteLength, bytes: fitsKv(bytes) ? new Uint8Array(bytes) : null }
    },
  )
  const history: GitHistory = {
    ...git,
    files: new Map([...git.files].filter(([path]) => path.startsWith(`${folder}/`)).map(([path, entry]) => [docsPrefix + path.slice(folder.length + 1), entry])),
    renames: [],
  }
  return { files, git: history, assets: ownAssets, ...(sidebar ? { sidebar } : {}) }
}

async function readRefVersion(contentDir: string, commit: string, prefix: string, site: SiteConfig): Promise<VersionSourceContent> {
  // -z: paths verbatim, whatever they contain; each line is `<mode> blob <oid>\t<path>`.
  const listing = await runGit(contentDir, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', prefix === '' ? '.' : prefix])
  const all = listing
    .split('\u0000')
    .map((line) => /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(line))
    .flatMap((match) => (match?.[1] && match[2]?.startsWith(prefix) ? [{ oid: match[1], path: match[2].slice(prefix.length) }] : []))
  const blobs = all.filter(({ path }) => path.startsWith('docs/'))
  const pages = blobs.filter(({ path }) => isMarkdownPath(path) || isCategoryFile(path))
  const assets = blobs.filter(({ path }) => !isMarkdownPath(path) && mayBeAsset(path))
  const contents = await catFiles(
    contentDir,
    [...pages, ...assets].map(({ oid }) => oid),
  )
  const git = await readGitHistory(contentDir, commit)
  const mtimeMs = Date.parse(git.files.values().next().value?.lastModified ?? '') || 0
  const decoder = new TextDecoder()
  // Its API reference is made from the OpenAPI documents as they were at the ref. A document may name thousands
  // of files: every YAML and JSON file of the ref is read in one `git cat-file` when the first is asked for.
  const oids = new Map(all.map(({ oid, path }) => [path, oid]))
  let documentFiles: Promise<Map<string, Uint8Array>> | undefined
  const readAtRef = async (path: string) => {
    const oid = oids.get(path)
    if (oid === undefined) return null
    documentFiles ??= catFiles(
      contentDir,
      all.filter((file) => /\.(ya?ml|json)$/.test(file.path)).map((file) => file.oid),
    )
    return { text: decoder.decode((await documentFiles).get(oid)), mtimeMs }
  }
  // The OpenAPI tools are large: loaded only for a site with an API reference.
  const api = site.apis.length === 0 ? { files: [], problems: [] } : await (await import('./openapi/index.ts')).apiReference(site, readAtRef, { archived: true })
  return {
    problems: api.problems,
    files: [...pages.map(({ oid, path }): SourceFile => ({ path, text: decoder.decode(contents.get(oid)), mtimeMs })), ...api.files],
    assets: assets.map(({ oid, path }): AssetFile => {
      const bytes = contents.get(oid) ?? new Uint8Array()
      return { path, size: bytes.byteLength, bytes: fitsKv(bytes) ? bytes : null }
    }),
    git,
  }
}

async function isShallow(contentDir: string): Promise<boolean> {
  return (await runGit(contentDir, ['rev-parse', '--is-shallow-repository']).catch(() => '')).trim() === 'true'
}

/** The bytes of many git objects through one `git cat-file --batch`. */
function catFiles(cwd: string, oids: string[]): Promise<Map<string, Uint8Array>> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'inherit'] })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`git cat-file exited with ${code}`))
      const out = Buffer.concat(chunks)
      const found = new Map<string, Uint8Array>()
      let at = 0
      while (at < out.length) {
        const headerEnd = out.indexOf(10, at)
        const [oid = '', , size = '0'] = out.subarray(at, headerEnd).toString().split(' ')
        const start = headerEnd + 1
        found.set(oid, new Uint8Array(out.subarray(start, start + Number(size))))
        at = start + Number(size) + 1
      }
      resolve(found)
    })
    child.stdin.end(`${[...new Set(oids)].join('\n')}\n`)
  })
}
