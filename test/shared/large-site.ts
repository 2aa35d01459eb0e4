import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The shape of the generated site: sections of folders of folders of pages. */
export const LARGE_SITE = { sections: 4, folders: 5, subfolders: 5, pages: 10 } as const

/** One draft among the pages, in the first second-level folder. */
const DRAFT_PAGE = 's1/f1/g1/zeppelin.md'

/** The size line it is built with (8 KiB, where a real site has NAVIGATION_VALUE_BYTES): its sidebar and llms.txt are far past it. */
export const LARGE_SITE_VIEW_BYTES = 8 * 1024

/** How many pages the generated site has, index pages aside. */
export const LARGE_SITE_PAGES = LARGE_SITE.sections * LARGE_SITE.folders * LARGE_SITE.subfolders * LARGE_SITE.pages

/**
 * A site of 1,000 small pages (and 24 index pages) in a tree four levels deep
 * (`s1/f2/g3/p04`): every section and first-level folder has an index page,
 * the second-level folders have none (they are named by their path), and
 * each page has a one-line description, so llms.txt is long too. One more
 * page, `s1/f1/g1/zeppelin`, is a draft.
 */
export async function writeLargeSite(dir: string): Promise<string> {
  await mkdir(join(dir, 'docs/en'), { recursive: true })
  await writeFile(join(dir, 'site.yml'), 'title: Large\ndescription: A generated site of many pages.\ndefaultLocale: en\nlocales: [en]\n')
  const writes: Array<Promise<void>> = []
  const write = async (path: string, text: string) => {
    const file = join(dir, 'docs/en', path)
    await mkdir(join(file, '..'), { recursive: true })
    await writeFile(file, text)
  }
  const page = (path: string, title: string) => write(`${path}.md`, `---\ntitle: ${title}\ndescription: What ${title} is about.\n---\n\nText of ${title}.\n`)
  for (let s = 1; s <= LARGE_SITE.sections; s++) {
    writes.push(page(`s${s}/index`, `Section ${s}`))
    for (let f = 1; f <= LARGE_SITE.folders; f++) {
      writes.push(page(`s${s}/f${f}/index`, `Folder ${s}.${f}`))
      for (let g = 1; g <= LARGE_SITE.subfolders; g++) {
        for (let p = 1; p <= LARGE_SITE.pages; p++) writes.push(page(`s${s}/f${f}/g${g}/p${String(p).padStart(2, '0')}`, `Page ${s}.${f}.${g}.${p}`))
      }
    }
  }
  writes.push(write(DRAFT_PAGE, '---\ntitle: Zeppelin draft\ndraft: true\n---\n\nNot yet.\n'))
  await Promise.all(writes)
  return dir
}
