/** Items `oldStart ..< oldEnd` of the old list became items `newStart ..< newEnd` of the new one. */
export interface Stretch {
  oldStart: number
  oldEnd: number
  newStart: number
  newEnd: number
}

/**
 * Where `next` differs from `previous`, as stretches in order, when a few
 * patch it cheaply: one stretch of at most `limit` items (an edit, an
 * addition, a removal), or one item taken out and one put in at the far
 * end of a long run that stayed in order (a page moved or renamed across
 * the site). Null when it changed more than that.
 */
export function changedStretches<A, B>(previous: A[], next: B[], same: (a: A, b: B) => boolean, limit: number): Stretch[] | null {
  const shorter = Math.min(previous.length, next.length)
  let head = 0
  while (head < shorter && same(previous[head] as A, next[head] as B)) head++
  let tail = 0
  while (tail < shorter - head && same(previous[previous.length - 1 - tail] as A, next[next.length - 1 - tail] as B)) tail++
  const oldEnd = previous.length - tail
  const newEnd = next.length - tail
  if (head === oldEnd && head === newEnd) return []
  if (oldEnd - head + (newEnd - head) <= limit) return [{ oldStart: head, oldEnd, newStart: head, newEnd }]
  if (oldEnd - head !== newEnd - head) return null
  const run = oldEnd - head - 1
  const sameRun = (oldFrom: number, newFrom: number) => {
    for (let offset = 0; offset < run; offset++) if (!same(previous[oldFrom + offset] as A, next[newFrom + offset] as B)) return false
    return true
  }
  // The first old item went, a new last one came.
  if (sameRun(head + 1, head)) {
    return [
      { oldStart: head, oldEnd: head + 1, newStart: head, newEnd: head },
      { oldStart: oldEnd, oldEnd, newStart: newEnd - 1, newEnd },
    ]
  }
  // A new first item came, the last old one went.
  if (sameRun(head, head + 1)) {
    return [
      { oldStart: head, oldEnd: head, newStart: head, newEnd: head + 1 },
      { oldStart: oldEnd - 1, oldEnd, newStart: newEnd, newEnd },
    ]
  }
  return null
}
