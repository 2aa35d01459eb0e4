/**
 * The known name a misspelled one most likely meant (`lmit` -> `limit`,
 * `defualtLocale` -> `defaultLocale`), or null when none is close: at most
 * a third of the name's letters differ (edits counted as Levenshtein does, a swap of neighbours as one).
 * Runtime-neutral: the build's site.yml check and the worker's strict
 * request bodies both use it.
 */
export function nearestName(name: string, known: readonly string[]): string | null {
  const limit = Math.max(1, Math.floor(name.length / 3))
  let best: { name: string; distance: number } | null = null
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance <= limit && (best === null || distance < best.distance)) best = { name: candidate, distance }
  }
  return best?.name ?? null
}

/** Edits between two words, a swap of two neighbouring letters counting as one (`lable` -> `label`). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  // Every cell read is written before it; a cell outside the table would be no path at all.
  const cell = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    rows.push(row)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, cell(i - 2, j - 2) + 1)
      row.push(best)
    }
  }
  return cell(a.length, b.length)
}
