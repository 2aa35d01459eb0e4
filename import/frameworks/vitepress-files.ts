import picomatch from 'picomatch'
import type { ImportPlan, PlannedFile } from '../plan.ts'
import { byText, joinPaths } from './vitepress-values.ts'

/** A locale of the site: its code, and the folder under srcDir that holds its pages ('' for the root locale). */
export interface LocaleFolder {
  code: string
  folder: string
}

export interface VitepressFiles {
  /** srcDir, relative to the project root ('' for the root itself). */
  srcDir: string
  /** Every file under srcDir, relative to the project root. */
  files: readonly string[]
  locales: LocaleFolder[]
  srcExclude: string[]
  /** `rewrites` entries without parameters: source page -> where it is served. */
  rewrites: Record<string, string>
  readText: (path: string) => string | undefined
}

/** What a page references relatively and the build serves as an asset. */
const ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mp3|ogg|wav|pdf|zip)$/i

// VitePress finds includes with this same expression, before Markdown is parsed.
const INCLUDE = /<!--\s*@include:\s*(.*?)\s*-->/g

/**
 * The content folder's files from a VitePress srcDir: pages and the assets
 * beside them under `docs/<locale>/` (the root locale's, and each locale
 * folder's), `public/` as `public/`, srcExclude's matches left out but for
 * files a page includes, which stay where the include finds them.
 */
export function vitepressFiles(input: VitepressFiles): Pick<ImportPlan, 'files' | 'excluded' | 'mapped'> {
  const prefix = input.srcDir === '' ? '' : `${input.srcDir}/`
  const inSrc = input.files.map((path) => path.slice(prefix.length)).filter((path) => !path.startsWith('.vitepress/'))
  const excludedBy = input.srcExclude.map((pattern) => ({ pattern, test: picomatch(pattern) }))
  const exclusion = (path: string) => excludedBy.find((glob) => glob.test(path))?.pattern
  const included = includedFiles(
    inSrc.filter((path) => path.endsWith('.md') && exclusion(path) === undefined),
    new Set(inSrc),
    input.readText,
    prefix,
  )
  const files: PlannedFile[] = []
  const excluded: ImportPlan['excluded'] = []
  const kept: string[] = []
  for (const path of inSrc) {
    const from = `${prefix}${path}`
    if (path.startsWith('public/')) {
      files.push({ to: path, from })
      continue
    }
    const pattern = exclusion(path)
    if (pattern !== undefined && !included.has(path)) {
      excluded.push({ path: from, why: `srcExclude: ${pattern}` })
      continue
    }
    if (pattern !== undefined) kept.push(path)
    if (!path.endsWith('.md') && !ASSET.test(path)) {
      excluded.push({ path: from, why: 'not a page or an asset: a component, a script or a data file of the site' })
      continue
    }
    files.push({ to: placeOf(input.rewrites[path] ?? path, input.locales), from })
  }
  const mapped = kept.length > 0 ? [`kept for <!--@include-->, though srcExclude matches them (the build makes no page of an included file): ${kept.join(', ')}`] : []
  return { files: files.sort((a, b) => byText(a.to, b.to)), excluded, mapped }
}

/** Where a srcDir file goes: under its locale's folder of docs/ (the root locale's when no locale folder holds it). */
function placeOf(path: string, locales: LocaleFolder[]): string {
  const locale = locales.find((candidate) => candidate.folder !== '' && path.startsWith(`${candidate.folder}/`))
  const root = locales.find((candidate) => candidate.folder === '')
  if (locale) return `docs/${locale.code}/${path.slice(locale.folder.length + 1)}`
  return `docs/${root?.code ?? 'en'}/${path}`
}

/** The srcDir files that pages include, and those that included files include in turn. */
function includedFiles(pages: string[], existing: Set<string>, readText: (path: string) => string | undefined, prefix: string): Set<string> {
  const found = new Set<string>()
  const queue = [...pages]
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const match of (readText(`${prefix}${path}`) ?? '').matchAll(INCLUDE)) {
      const target = (match[1] ?? '').replace(/\{[^}]*\}$/, '').replace(/#[^/]*$/, '')
      const resolved = target.startsWith('@/') ? joinPaths(target.slice(2)) : joinPaths(path, '..', target)
      if (existing.has(resolved) && !found.has(resolved)) {
        found.add(resolved)
        queue.push(resolved)
      }
    }
  }
  return found
}
