import { relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { buildSite, type BuildResult } from './build.ts'
import { ContentError, formatProblem, formatWarning } from './content/problems.ts'
import { MissingContentError } from './read.ts'

const PROGRESS_MIN_DOCUMENTS = 200

// The build makes several times more garbage (blob texts, renderings read back) than it keeps, and
// V8 lets the heap grow to four times what a full collection left before the next one: at 10k
// documents 1,006 MB for 291 MB live. Growing by half keeps the peak near what is live
// (bench corpus, 3k documents: 259 instead of 624 MB of heap, 422 instead of 489-518 MB RSS).
setFlagsFromString('--heap-growing-percent=50')

const { values } = parseArgs({
  options: {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist' },
    'no-cache': { type: 'boolean', default: false },
  },
})

const contentDir = resolve(values.content)
// Problems name files the way the user named the content folder.
const contentFolder = relative(process.cwd(), contentDir)
const showProgress = process.stderr.isTTY
try {
  const result = await buildSite({
    contentDir,
    outDir: resolve(values.out),
    cacheDir: values['no-cache'] ? null : resolve('node_modules/.cache/docs-service'),
    onProgress: (done, total) => {
      if (!showProgress || total <= PROGRESS_MIN_DOCUMENTS) return
      process.stderr.write(`\rrendering ${done}/${total}`)
      if (done === total) process.stderr.write('\n')
    },
  })
  for (const warning of result.warnings) console.warn(`warning: ${formatWarning(warning, contentFolder)}`)
  console.log(summary(result, values.out))
} catch (error) {
  if (error instanceof ContentError) {
    for (const problem of error.problems) console.error(formatProblem(problem, contentFolder))
    console.error(`build failed: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}; nothing was written`)
  } else if (error instanceof MissingContentError) {
    console.error(error.message)
  } else {
    throw error
  }
  process.exitCode = 1
}

function summary(result: BuildResult, outDir: string): string {
  // The published counts are /v1/status's; drafts and fallbacks are said apart, never added in.
  const locales = Object.entries(result.stats.documents)
    .map(([locale, published]) => {
      const drafts = result.stats.drafts[locale] ?? 0
      const fallbacks = result.stats.fallbacks[locale] ?? 0
      return `${locale} ${published} published${drafts > 0 ? ` + ${drafts} draft${drafts === 1 ? '' : 's'}` : ''}${fallbacks > 0 ? ` (+${fallbacks} fallback)` : ''}`
    })
    .join(', ')
  return [
    `built ${result.manifest.buildId} into ${outDir}/ in ${(result.durationMs / 1000).toFixed(2)} s`,
    `  documents: ${locales}`,
    `  releases: ${result.stats.releases}, warnings: ${result.warnings.length}`,
    ...plainCodeLines(result),
    ...versionLines(result),
    `  blobs: ${result.blobList.blobs.length}`,
  ].join('\n')
}

/** Code blocks left plain because Shiki has no grammar for their language: how many, in which languages. */
function plainCodeLines(result: BuildResult): string[] {
  const counts = Object.entries(result.stats.unknownCodeLanguages)
  if (counts.length === 0) return []
  const blocks = counts.reduce((sum, [, count]) => sum + count, 0)
  return [`  code blocks shown as plain text, no grammar for their language: ${blocks} (${counts.map(([name, count]) => `${name} ${count}`).join(', ')})`]
}

/** One line per version on a site with versions: what each holds, the default marked. */
function versionLines(result: BuildResult): string[] {
  return result.manifest.versions.flatMap((version) => {
    if (version.name === null) return []
    const counts = Object.entries(version.documentCounts)
      .map(([locale, count]) => `${locale} ${count}`)
      .join(', ')
    const aliases = version.aliases.length > 0 ? ` (${version.aliases.join(', ')})` : ''
    return [`  version ${version.name}${aliases}, ${version.status}: ${counts}`]
  })
}
