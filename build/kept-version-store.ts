import { codeHash } from './code-hash.ts'
import type { RenderCache } from './render-cache.ts'
import type { KeptVersionStore } from './pipeline/kept-versions.ts'

const VERSION_BUILDER = new URL('./pipeline/version.ts', import.meta.url)

/** Archived docs versions kept beside the renderings, named by the code that builds them (`npm run build` and `npm start` share them). */
export async function keptVersionStore(cache: RenderCache): Promise<KeptVersionStore> {
  return {
    codeHash: await codeHash([VERSION_BUILDER]),
    get: (key) => cache.kept(`version-${key}`),
    set: (key, value) => cache.keep(`version-${key}`, value),
    retain: (memoKeys) => cache.retain(memoKeys),
  }
}
