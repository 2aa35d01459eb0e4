import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'
import { fromDocusaurus, withSidebar } from '../build/content/docusaurus-sidebar.ts'
import { SITE_FILE } from '../build/content/site-config.ts'

// npm run import-sidebar -- sidebars.js [--sidebar NAME] [--content DIR] [--print]
// Writes the `sidebar:` of site.yml from a Docusaurus sidebars file (.js, .mjs, .cjs, .ts or .json).
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    content: { type: 'string', default: 'content' },
    sidebar: { type: 'string' },
    print: { type: 'boolean', default: false },
  },
})

const file = positionals[0]
if (!file) {
  console.error('usage: npm run import-sidebar -- sidebars.js [--sidebar NAME] [--content DIR] [--print]')
  process.exit(1)
}

/** The file's export, evaluated in a separate Node process: the author's code never runs in this one. */
async function evaluate(path: string): Promise<unknown> {
  if (path.endsWith('.json')) return JSON.parse(await readFile(path, 'utf8'))
  const evaluator = fileURLToPath(new URL('./evaluate-sidebars.ts', import.meta.url))
  const { stdout } = await promisify(execFile)(process.execPath, [evaluator, path], { maxBuffer: 64 * 1024 * 1024 })
  return JSON.parse(stdout)
}

try {
  const { entries, skipped } = fromDocusaurus(await evaluate(file), values.sidebar)
  for (const what of skipped) console.warn(`warning: ${file}: not imported: ${what}`)
  const sitePath = join(values.content, SITE_FILE)
  if (values.print) {
    process.stdout.write(withSidebar('', entries))
  } else {
    await writeFile(sitePath, withSidebar(await readFile(sitePath, 'utf8'), entries))
    console.log(`wrote the sidebar of ${file} (${entries.length} top-level entries) into ${sitePath}`)
  }
} catch (error) {
  console.error(`import-sidebar: ${(error as Error).message.split('\n')[0]}`)
  process.exit(1)
}
