import { KV_VALUE_LIMIT } from '../../contract/index.ts'
import type { ContentProblem } from '../content/problems.ts'
import type { AssetReference } from '../markdown/asset-targets.ts'
import type { AssetTable } from './asset-table.ts'
import type { AssetBlob } from './blob-set.ts'

export interface UsedAssets {
  /** The files pages reference, each once: what the build publishes. */
  blobs: AssetBlob[]
  /** References to no file: `links: warn` in site.yml makes them warnings. */
  missing: ContentProblem[]
  /** Files larger than a KV value: always errors, since they cannot be served. */
  oversized: ContentProblem[]
}

const MIB = 2 ** 20

/** What the rendered pages reference, from the table of every file there is. */
export function usedAssets(references: Array<{ path: string; assets: AssetReference[] }>, table: AssetTable): UsedAssets {
  const found: UsedAssets = { blobs: [], missing: [], oversized: [] }
  const published = new Set<string>()
  for (const { path, assets } of references) {
    for (const reference of assets) {
      const place = { path, line: reference.line }
      if (reference.path === null) {
        found.missing.push({ ...place, message: `"${reference.src}" points at no file` })
        continue
      }
      const blob = table.blobs.get(reference.path)
      if (blob === undefined) throw new Error(`${reference.path} was resolved but is not in the asset table`)
      if (blob === null) {
        const size = ((table.sizes.get(reference.path) ?? 0) / MIB).toFixed(1)
        found.oversized.push({ ...place, message: `"${reference.src}" is ${size} MiB, over the ${KV_VALUE_LIMIT / MIB} MiB a KV value can hold` })
      } else if (!published.has(reference.path)) {
        published.add(reference.path)
        found.blobs.push(blob)
      }
    }
  }
  return found
}
