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
  // Keys as paths in a tree of Maps, part by part: an object is a key by
  // identity, and a lookup makes no string (a build looks up some 60,000).
  private previous: KeyNode = {}
  private current: KeyNode = {}

  /** The value made from `parts` in this run or the last one, else `make()`. */
  memo<T>(parts: readonly KeyPart[], make: () => T): T {
    return this.memoWith(parts, '', make)
  }

  /**
   * Like `memo`, for a value that also depends on `context`, a text that is
   * long or changes often (a page's edit data as JSON): it is compared with
   * the context of the value kept, not made part of the key.
   */
  memoWith<T>(parts: readonly KeyPart[], context: string, make: () => T): T {
    return this.memoIf(parts, context, (kept) => kept === context, make)
  }

  /**
   * Like `memoWith`, for a value that depends on `input`, which `same` compares
   * with the input of the value kept (cheaper than a text of it). `make` gets
   * the value kept, if any, to keep the parts of it that did not change.
   */
  memoIf<I, T>(parts: readonly KeyPart[], input: I, same: (kept: I) => boolean, make: (kept: T | undefined) => T): T {
    const node = nodeAt(this.current, parts)
    const kept = (node.entry ?? lookUp(this.previous, parts)) as { input: I; value: T } | undefined
    const entry = kept && same(kept.input) ? kept : { input, value: make(kept?.value) }
    node.entry = entry
    return entry.value
  }

  /**
   * Ends a run. What a successful run used is what the next one may reuse, so
   * values of deleted or edited files go. A failed run leaves nothing: its
   * blobs were never handed over, so a later run must not name them unmade.
   */
  endRun(succeeded: boolean): void {
    if (succeeded) this.previous = this.current
    this.current = {}
  }

}

interface KeyNode {
  entry?: { input: unknown; value: unknown }
  next?: Map<KeyPart, KeyNode>
}

/** The node of `parts` under `root`, made if missing. */
function nodeAt(root: KeyNode, parts: readonly KeyPart[]): KeyNode {
  let node = root
  for (const part of parts) {
    node.next ??= new Map()
    let child = node.next.get(part)
    if (!child) {
      child = {}
      node.next.set(part, child)
    }
    node = child
  }
  return node
}

function lookUp(root: KeyNode, parts: readonly KeyPart[]): KeyNode['entry'] {
  let node: KeyNode | undefined = root
  for (const part of parts) node = node?.next?.get(part)
  return node?.entry
}
