import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { Element } from 'hast'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { BuildResult } from '../../build/build.ts'
import { formatProblem } from '../../build/content/problems.ts'
import { BLOB_HASH, type NavTreeNode } from '../../contract/index.ts'
import { elementsOf, htmlProse, missedFragments, llmsTexts, markdownProse, pagesOf, searchTexts, titlesOf, tocTexts, type BuiltPage } from '../shared/framework-output.ts'
import { blob, buildDir, navTreeOf, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// A folder of each framework's shape, written for this project (a made-up CLI,
// "kiln"), built as a user who copied their docs in would build it. Each
// folder's expected.json declares its sidebar, its warnings, and how many
// images and fragment links its pages hold.
const FIXTURES = join(import.meta.dirname, '../fixtures/frameworks')
const FRAMEWORKS = ['vitepress', 'docusaurus', 'starlight'] as const

interface ExpectedNode {
  title: string
  slug: string | null
  children?: ExpectedNode[] | undefined
}
const ExpectedNodeSchema: z.ZodType<ExpectedNode> = z.strictObject({
  title: z.string(),
  slug: z.string().nullable(),
  get children() {
    return z.array(ExpectedNodeSchema).optional()
  },
})
const ExpectedSchema = z.strictObject({
  navigation: z.array(ExpectedNodeSchema),
  /** `at` is `path` or `path:line`; `says` a part of the message. */
  warnings: z.array(z.strictObject({ kind: z.string(), at: z.string(), says: z.string().optional() })),
  /** `<img>` elements over all pages. */
  images: z.int().min(1),
  /** Links with a `#fragment` that authors wrote; the HTML may add more (an inline TOC), never fewer. */
  fragmentLinks: z.int().min(1),
  /** `tag.class` of the shared vocabulary to how many of them all pages hold together. */
  elements: z.record(z.string().regex(/^[a-z]+\.[a-z-]+$/), z.int().min(0)),
  /** Admonitions (`<aside>` and `<details>`) by `data-kind`. */
  admonitions: z.record(z.string(), z.int().min(1)),
})
type Expected = z.infer<typeof ExpectedSchema>

// Syntax of the three frameworks and of MDX that must never reach a reader.
const LEFTOVERS: Array<[string, RegExp]> = [
  ['custom heading id', /\{#/],
  ['container fence', /:::/],
  ['ESM import', /\bimport /],
  ['ESM export', /\bexport /],
  ['MDX comment', /\{\/\*/],
  ['template interpolation', /\{\{/],
  ['MDX expression', /\{[A-Za-z_$][\w$.]*\}/],
  ['CSS rule', /\{[^}]*:[^}]*;/],
  ['[[toc]] marker', /\[\[toc\]\]/i],
  ['JSX component tag', /<\/?[A-Z][A-Za-z]*[\s/>]/],
]
// The Markdown copy says admonitions as GitHub alerts; everywhere else the marker is a leftover.
const WITH_ALERTS: Array<[string, RegExp]> = [...LEFTOVERS, ['GitHub alert marker', /\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/i]]

/** One line per leftover: where, which syntax, and the text around it. */
function leftovers(where: string, texts: string[], patterns = WITH_ALERTS): string[] {
  return texts.flatMap((text) =>
    patterns.flatMap(([name, pattern]) => {
      const at = text.search(pattern)
      return at === -1 ? [] : [`${where}: ${name} in "${text.slice(Math.max(0, at - 30), at + 40).replace(/\s+/g, ' ')}"`]
    }),
  )
}

const navShape = (nodes: NavTreeNode[]): ExpectedNode[] =>
  nodes.map((node) => ({ title: node.title, slug: node.slug, ...(node.children.length > 0 ? { children: navShape(node.children) } : {}) }))

const ASSET_SRC = new RegExp(`^/v1/assets/([0-9a-f]{${BLOB_HASH.hexLength}})\\.[a-z0-9]+$`)

/** Asset names the build's asset index lists, or null when the build has no asset index. */
function publishedAssets(result: BuildResult): Set<string> | null {
  const { manifest } = result
  if (!('assets' in manifest) || typeof manifest.assets !== 'string') return null
  return new Set(Object.keys(blob<{ assets: Record<string, string> }>(result, manifest.assets).assets))
}

/** Content hashes of the fixture's image files, as asset names carry them. */
async function imageHashes(dir: string): Promise<Set<string>> {
  const files = await readdir(dir, { recursive: true })
  const images = files.filter((file) => ['.png', '.svg'].includes(extname(file)))
  const bytes = await Promise.all(images.map((file) => readFile(join(dir, file))))
  return new Set(bytes.map((data) => createHash(BLOB_HASH.nodeAlgorithm).update(data).digest('hex').slice(0, BLOB_HASH.hexLength)))
}

for (const framework of FRAMEWORKS) {
  describe(`a ${framework}-shaped folder`, () => {
    const dir = join(FIXTURES, framework)
    let result: BuildResult
    let pages: BuiltPage[]
    let expected: Expected

    beforeAll(async () => {
      expected = ExpectedSchema.parse(JSON.parse(await readFile(join(dir, 'expected.json'), 'utf8')))
      ;({ result } = await buildDir(dir, { threads: 1 }))
      pages = pagesOf(result)
    }, 120_000)

    it('leaves no foreign syntax in the HTML (outside code)', () => {
      expect(pages.flatMap((page) => leftovers(`${page.docId} HTML`, htmlProse(page.tree)))).toEqual([])
      expect(pages.filter((page) => elementsOf(page.tree).some((element) => element.tagName === 'style')).map((page) => page.docId)).toEqual([])
    })

    it('leaves no foreign syntax in the Markdown copies (outside code; GitHub alerts are the copy’s own)', () => {
      expect(pages.flatMap((page) => leftovers(`${page.docId} Markdown`, markdownProse(page.markdown), LEFTOVERS))).toEqual([])
    })

    it('leaves no foreign syntax in TOC texts, page titles and sidebar titles', () => {
      const toc = pages.flatMap((page) => leftovers(`${page.docId} TOC`, tocTexts(page.document.toc)))
      expect([...toc, ...leftovers('titles', titlesOf(result, pages))]).toEqual([])
    })

    it('leaves no foreign syntax in what search shows', () => {
      expect(leftovers('search', searchTexts(result))).toEqual([])
    })

    it('leaves no foreign syntax in llms.txt and llms-full.txt (outside code)', () => {
      const llms = llmsTexts(result)
      expect([...leftovers('llms.txt', markdownProse(llms.index), LEFTOVERS), ...leftovers('llms-full.txt', markdownProse(llms.full), LEFTOVERS)]).toEqual([])
    })

    it('lands every #fragment link of the HTML on an id of its target page', () => {
      const { links, missed } = missedFragments(pages)
      expect(missed).toEqual([])
      expect(links).toBeGreaterThanOrEqual(expected.fragmentLinks)
    })

    it('serves every image from /v1/assets/ as a file of the folder that the build published', async () => {
      const published = publishedAssets(result)
      const hashes = await imageHashes(dir)
      const images = pages.flatMap((page) =>
        elementsOf(page.tree)
          .filter((element) => element.tagName === 'img')
          .map((element) => ({ page: page.docId, src: String(element.properties.src) })),
      )
      const unserved = images.flatMap(({ page, src }) => {
        const hash = ASSET_SRC.exec(src)?.[1]
        if (hash === undefined) return [`${page}: ${src} is not an /v1/assets/ URL`]
        if (!published?.has(src.slice('/v1/assets/'.length))) return [`${page}: ${src} is not in the build's asset index`]
        return hashes.has(hash) ? [] : [`${page}: ${src} names no image file of the folder`]
      })
      expect(unserved).toEqual([])
      expect(images).toHaveLength(expected.images)
    })

    it('keeps what the authors meant: admonitions of each kind, tabs, code captions, highlighted lines, components', () => {
      const elements = pages.flatMap((page) => elementsOf(page.tree))
      const classes = (element: Element) => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : [])
      const counted = Object.fromEntries(
        Object.keys(expected.elements).map((selector) => {
          const [tag, className = ''] = selector.split('.')
          return [selector, elements.filter((element) => element.tagName === tag && classes(element).includes(className)).length]
        }),
      )
      const kinds: Record<string, number> = {}
      for (const element of elements.filter((candidate) => classes(candidate).includes('admonition'))) {
        const kind = String(element.properties.dataKind)
        kinds[kind] = (kinds[kind] ?? 0) + 1
      }
      expect({ elements: counted, admonitions: kinds }).toEqual({ elements: expected.elements, admonitions: expected.admonitions })
    })

    it('orders the sidebar as the folder declares', () => {
      expect(navShape(navTreeOf(result))).toEqual(expected.navigation)
    })

    it('warns exactly about what the folder declares, each at its path:line', () => {
      const found = result.warnings.flatMap((warning) => ('path' in warning ? [formatProblem(warning)] : []))
      const matches = (text: string, want: Expected['warnings'][number]) => text.startsWith(`${want.at}:`) && (want.says === undefined || text.includes(want.says))
      const missing = expected.warnings.filter((want) => found.filter((text) => matches(text, want)).length !== 1).map((want) => `${want.kind} at ${want.at}`)
      const unexpected = found.filter((text) => !expected.warnings.some((want) => matches(text, want)))
      expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] })
    })
  })
}
