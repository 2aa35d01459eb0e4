import type { ColdFigures, OpenApiFigures } from './measure-openapi.ts'

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const count = (n: number) => n.toLocaleString('en-US')
const cold = (figures: ColdFigures) => `${seconds(figures.ms)} (CPU ${seconds(figures.cpuMs)}), peak RSS ${Math.round(figures.maxRssMb)} MB`
const perPage = (figures: ColdFigures, of: 'ms' | 'cpuMs') => figures[of] / figures.pages

/** Issue 29's "scale and speed" figures, one row each. */
export function openApiTable(figures: OpenApiFigures): string {
  const { openapi, markdown, withCache, large } = figures
  const n = count(figures.operations)
  const edit = withCache.oneDescription
  const rows: Array<[string, string]> = [
    [`cold build, ${n} operations (${count(openapi.pages)} pages), median of ${openapi.runsMs.length}`, cold(openapi)],
    [`cold build, ${count(markdown.pages)} Markdown pages (bench corpus), median of ${markdown.runsMs.length}`, cold(markdown)],
    [
      'per page, OpenAPI / Markdown',
      `${perPage(openapi, 'ms').toFixed(1)} ms / ${perPage(markdown, 'ms').toFixed(1)} ms (${(perPage(openapi, 'ms') / perPage(markdown, 'ms')).toFixed(2)}×); ` +
        `CPU ${perPage(openapi, 'cpuMs').toFixed(1)} ms / ${perPage(markdown, 'cpuMs').toFixed(1)} ms (${(perPage(openapi, 'cpuMs') / perPage(markdown, 'cpuMs')).toFixed(2)}×); ` +
        `peak RSS ${(openapi.maxRssMb / markdown.maxRssMb).toFixed(2)}×`,
    ],
    [`first build with a render cache, ${n} operations`, `${seconds(withCache.first.ms)}, rendered ${withCache.first.rendered}, from cache ${withCache.first.cached}`],
    [
      'rebuild, no change (nothing read: every stamp as before)',
      `${seconds(withCache.noChange.ms)}, rendered ${withCache.noChange.rendered}, from cache ${withCache.noChange.cached}`,
    ],
    [
      `rebuild, one description edited (${edit.operation})`,
      `${seconds(edit.ms)}, rendered ${edit.rendered}, from cache ${edit.cached}; ${edit.newRenderings} new rendering(s), ${edit.holdingTheEdit} holding the edit; ${edit.changedBlobs} of ${edit.blobs} stored values changed`,
    ],
    [
      `cold build, ${count(large.operations)} operations (${count(large.pages)} pages), once`,
      `${cold(large)}; ${(large.ms / openapi.ms).toFixed(1)}× the ${n}-operation time, CPU ${(large.cpuMs / openapi.cpuMs).toFixed(1)}× (${perPage(large, 'cpuMs').toFixed(1)} ms a page)`,
    ],
  ]
  return ['| figure | measured |', '|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}
