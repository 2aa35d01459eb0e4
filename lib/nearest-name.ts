/**
 * The known name a misspelled one most likely meant (`lmit` -> `limit`,
 * `defualtLocale` -> `defaultLocale`), or null when none is close: at most
 * a third of the name's letters differ (edits counted as Levenshtein does).
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

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution))
    }
    previous = current
  }
  return previous[b.length] as number
}
