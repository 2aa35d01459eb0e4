import type { BuildRecord } from '../contract/index.ts'

/**
 * What `npm run builds` prints: the kept builds in the order readHistory gives
 * (the latest published first, the order rollback steps back through), the
 * live one marked `*` and named, retired ones marked `-`.
 */
export function formatBuildList(history: BuildRecord[], liveBuildId: string | null, where: string): string[] {
  if (history.length === 0) return [`nothing published to ${where} yet`]
  const rows = history.map((record) => {
    const live = record.buildId === liveBuildId
    const marker = live ? '*' : record.retiredAt ? '-' : ' '
    const documents = `${String(record.documents).padStart(5)} docs`
    const note = live ? '  (live)' : record.retiredAt ? '  (retired)' : ''
    return `${marker} ${record.buildId}  ${record.publishedAt}  ${documents}  ${record.commit?.slice(0, 12) ?? 'no commit'}${note}`
  })
  return [`builds in ${where}, latest published first (* live; npm run rollback goes to the one below it):`, ...rows]
}
