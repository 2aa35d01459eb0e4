import { cp, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'

const FIXTURE = 'test/fixtures/docusaurus-versions'
const ADDED_PAGE = 'docs/en/api/Counters.md'

/**
 * The Docusaurus-shaped versioned fixture copied into a new folder of
 * `parent`, at first without the current version's counters page: built,
 * then built again after `addPage()` with the same cache, it shows the
 * unchanged `versioned_docs/` version kept from the first build beside a
 * current version that gained a page.
 */
export async function docusaurusVersionsSite(parent: string): Promise<{ contentDir: string; addPage: () => Promise<void> }> {
  const contentDir = join(await mkdtemp(join(parent, 'docs-docusaurus-versions-')), 'content')
  await cp(FIXTURE, contentDir, { recursive: true })
  await rm(join(contentDir, ADDED_PAGE))
  return { contentDir, addPage: () => cp(join(FIXTURE, ADDED_PAGE), join(contentDir, ADDED_PAGE)) }
}
