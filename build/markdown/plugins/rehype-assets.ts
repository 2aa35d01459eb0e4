import type { Element, Root } from 'hast'
import type { VFile } from 'vfile'
import { isAssetLink, NO_ASSETS, resolveAsset, type AssetReference, type AssetTarget } from '../asset-targets.ts'
import { eachElement } from './each-element.ts'

declare module 'vfile' {
  interface DataMap {
    assets: AssetReference[]
  }
}

/**
 * Points images and links to files (a PDF, a zip) at their published asset
 * URL, from the table in the link context, and records every reference so
 * the build can publish what is used and report what is missing. Images load
 * lazily and get the width and height their file states, unless the author
 * gave a size. A missing file keeps the author's reference.
 */
export function rehypeAssets() {
  return function transform(tree: Root, file: VFile) {
    const context = file.data.linkContext
    if (!context) return
    const targets = context.targets.assets ?? NO_ASSETS
    const references: AssetReference[] = []
    const follow = (node: Element, attribute: 'src' | 'href'): AssetTarget | undefined => {
      const src = node.properties[attribute]
      if (typeof src !== 'string') return undefined
      const path = resolveAsset(context.path, src, targets)
      if (path === undefined) return undefined
      const target = path === null ? undefined : targets.files[path]
      const url = target?.url ?? null
      references.push({ src, line: context.fileLine(node.position?.start.line ?? 1), path, url })
      if (url !== null) node.properties[attribute] = url
      return target
    }
    eachElement(tree, (node) => {
      if (node.tagName === 'img') {
        const target = follow(node, 'src')
        if (target?.width !== undefined && node.properties.width === undefined && node.properties.height === undefined) {
          node.properties.width = target.width
          node.properties.height = target.height
        }
        node.properties.loading ??= 'lazy'
        node.properties.decoding ??= 'async'
      } else if (node.tagName === 'a' && isAssetLink(node.properties.href)) {
        follow(node, 'href')
      }
    })
    file.data.assets = references
  }
}
