import type { Root } from 'mdast'
import type { Transformer } from 'unified'
import { assetUrlOf, isAssetLink, NO_ASSETS } from '../asset-targets.ts'
import { eachNode } from './each-node.ts'

/**
 * The Markdown copy's images and links to files point where the HTML's do:
 * at the published asset. The HTML chain (rehype-assets) records and reports
 * them; this only rewrites, and leaves a missing file's reference as written.
 */
export function remarkAssetUrls(): Transformer<Root, Root> {
  return function transform(tree, file) {
    const context = file.data.linkContext
    if (!context) return
    const targets = context.targets.assets ?? NO_ASSETS
    const urlOf = (src: string) => assetUrlOf(context.path, src, targets)
    eachNode(tree, (node) => {
      if (node.type === 'image' || ((node.type === 'link' || node.type === 'definition') && isAssetLink(node.url))) node.url = urlOf(node.url) ?? node.url
    })
  }
}
