import { parseArgs } from 'node:util'
import { ContentError, formatProblem } from '../build/content/problems.ts'
import { formatReport } from './report.ts'
import { runImport } from './run.ts'

// npm run import -- <dir> [--out content] [--force]
// Writes a content folder from a VitePress, Docusaurus or Starlight project, then builds it once.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'content' },
    force: { type: 'boolean', default: false },
  },
})

const dir = positionals[0]
if (!dir || positionals.length > 1) {
  console.error('usage: npm run import -- <dir> [--out content] [--force]   (dir: the folder with .vitepress/, docusaurus.config.* or astro.config.*)')
  process.exit(1)
}

try {
  console.log(formatReport(await runImport({ dir, out: values.out, force: values.force })))
} catch (error) {
  if (error instanceof ContentError) {
    for (const problem of error.problems) console.error(formatProblem(problem, values.out.replace(/\/+$/, '')))
    console.error(`import wrote ${values.out}/, but its trial build failed: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} above`)
  } else {
    console.error(`import failed, nothing was written: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  }
  process.exitCode = 1
}
