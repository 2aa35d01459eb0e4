import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fitsKv } from '../contract/index.ts'
import { DEFAULT_ASSET_DIRS, parseSiteConfig } from './content/site-config.ts'
import type { AssetFile } from './content/read-results.ts'
import { mapLimit } from './map-limit.ts'

/**
 * Every file that is not a page under `docs/` and under the asset folders
 * `site.yml` names (which pages reference is known only once they are
 * rendered). Folders and files whose name starts with a dot (`.vitepress/`)
 * are no one's assets.
 */
export async function readAssetFiles(contentDir: string, siteText: string, localeFolders: readonly string[]): Promise<AssetFile[]> {
  const site = parseSiteConfig(siteText, localeFolders)
  // A broken site.yml fails the build anyway; the default folders keep this step simple.
  const dirs = site.ok ? site.site.assetDirs : [...DEFAULT_ASSET_DIRS]
  const paths = new Set((await Promise.all(['docs', ...dirs].map((dir) => filesUnder(contentDir, dir)))).flat())
  return mapLimit([...paths].sort(), 32, (path) => readAssetFile(contentDir, path))
}

/** Whether a changed path under the content folder may be an asset (a watcher's event). */
export function mayBeAsset(path: string): boolean {
  return !/\.mdx?$/.test(path) && !path.split('/').some((segment) => segment.startsWith('.'))
}

/** The paths of the asset folders' files alone (`public/`, `static/`): what a version kept in a folder shares with the content folder. */
export async function assetDirPaths(contentDir: string, dirs: readonly string[]): Promise<string[]> {
  return [...new Set((await Promise.all(dirs.map((dir) => filesUnder(contentDir, dir)))).flat())].sort()
}

export async function readAssetFile(contentDir: string, path: string): Promise<AssetFile> {
  const absolute = join(contentDir, path)
  const { size } = await stat(absolute)
  return { path, size, bytes: fitsKv(size) ? new Uint8Array(await readFile(absolute)) : null }
}

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter(mayBeAsset)
}
