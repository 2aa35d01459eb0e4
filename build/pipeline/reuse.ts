/** A part of a memo key: an object stands for itself (by identity), a string for its text. */
export type KeyPart = object | string

/**
 * What a long-lived build (`npm start`) keeps from one run of the pipeline to
 * the next, so that a one-file edit does not redo the work of ten thousand
 * unchanged files. A value is keyed by the objects it was made from (a parsed
 * file, a rendering), which the session keeps for as long as their file is
 * unchanged, plus strings for whatever else it depends on. A one-shot build
 * has no Reuse and computes everything.
 */
export class Reuse {
  // Identities instead of the objects themselves in keys: a key is then a
  // short string, and an object nobody holds any more can be collected.
  private readonly ids = new WeakMap<object, number>()
  private nextId = 1
  private previous = new Map<string, { context: string; value: unknown }>()
  private current = new Map<string, { context: string; value: unknown }>()

  /** The value made from `parts` in this run or the last one, else `make()`. */
  memo<T>(parts: readonly KeyPart[], make: () => T): T {
    return this.memoWith(parts, '', make)
  }

  /**
   * Like `memo`, for a value that also depends on `context`, a text that is
   * long or changes often (a page's navigation as JSON): it is compared with
   * the context of the value kept, not made part of the key.
   */
  memoWith<T>(parts: readonly KeyPart[], context: string, make: () => T): T {
    const key = parts.map((part) => (typeof part === 'string' ? part : `#${this.idOf(part)}`)).join('\u0000')
    const kept = (this.current.get(key) ?? this.previous.get(key)) as { context: string; value: T } | undefined
    const entry = kept && kept.context === context ? kept : { context, value: make() }
    this.current.set(key, entry)
    return entry.value
  }

  /**
   * Ends a run. What a successful run used is what the next one may reuse, so
   * values of deleted or edited files go. A failed run leaves nothing: its
   * blobs were never handed over, so a later run must not name them unmade.
   */
  endRun(succeeded: boolean): void {
    if (succeeded) this.previous = this.current
    this.current = new Map()
  }

  private idOf(part: object): number {
    let id = this.ids.get(part)
    if (id === undefined) {
      id = this.nextId++
      this.ids.set(part, id)
    }
    return id
  }
}
