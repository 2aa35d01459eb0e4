import { relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildSite, type BuildResult, type SiteBuild } from './build.ts'
import { boundHeapGrowth } from './heap-growth.ts'
import { ContentError, formatProblem, formatWarning } from './content/problems.ts'
import { MissingContentError } from './read.ts'
import { renderShard } from './render-shard.ts'
import { parseShard, ShardArgumentError } from './shard.ts'

const PROGRESS_MIN_DOCUMENTS = 200

const { values } = commandLine()

const CACHE_DIR = 'node_modules/.cache/docs-service'
const contentDir = resolve(values.content)
await boundHeapGrowth({ contentDir, outDir: resolve(values.out), cacheDir: values['no-cache'] ? null : resolve(CACHE_DIR) })
// Problems name files the way the user named the content folder.
const contentFolder = relative(process.cwd(), contentDir)
const showProgress = process.stderr.isTTY
const onProgress = (done: number, total: number) => {
  if (!showProgress || total <= PROGRESS_MIN_DOCUMENTS) return
  process.stderr.write(`\rrendering ${done}/${total}`)
  if (done === total) process.stderr.write('\n')
}
try {
  if (values.shard === undefined) {
    const result = await buildSite({ contentDir, outDir: resolve(values.out), cacheDir: values['no-cache'] ? null : resolve(CACHE_DIR), onProgress })
    for (const warning of result.warnings) console.warn(`warning: ${formatWarning(warning, contentFolder)}`)
    console.log(summary(result, values.out))
  } else {
    if (values['no-cache']) throw new ShardArgumentError('--shard renders into the render cache, so it cannot be used with --no-cache')
    const shard = parseShard(values.shard)
    const result = await renderShard({ contentDir, cacheDir: resolve(CACHE_DIR), shard, onProgress })
    console.log(
      [
        `rendered shard ${shard.index}/${shard.count} into ${CACHE_DIR}/ in ${(result.durationMs / 1000).toFixed(2)} s; no ${values.out}/ written`,
        `  rendered ${result.rendered}, already cached ${result.cached} (of ${result.total} in all shards)`,
        `  assemble with npm run build once every shard's ${CACHE_DIR}/ is copied into one`,
      ].join('\n'),
    )
  }
} catch (error) {
  if (error instanceof ShardArgumentError) {
    console.error(error.message)
  } else if (error instanceof ContentError) {
    for (const problem of error.problems) console.error(formatProblem(problem, contentFolder))
    console.error(`build failed: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}; nothing was written`)
  } else if (error instanceof MissingContentError) {
    console.error(error.message)
  } else {
    throw error
  }
  process.exitCode = 1
}

function summary(result: SiteBuild, outDir: string): string {
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
    `  rendered ${result.renders.rendered}, from cache ${result.renders.cached}`,
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

/** The flags; a flag without its value, or one the build does not know, is one line and exit code 1. */
function commandLine() {
  try {
    return parseArgs({
      options: {
        content: { type: 'string', default: 'content' },
        out: { type: 'string', default: 'dist' },
        'no-cache': { type: 'boolean', default: false },
        shard: { type: 'string' },
      },
    })
  } catch (error) {
    if (!(error instanceof TypeError && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS'))) throw error
    console.error(error.message)
    process.exit(1)
  }
}
