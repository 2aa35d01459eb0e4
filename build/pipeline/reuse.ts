/** A part of a memo key: an object stands for itself (by identity), a string for its text. */
export type KeyPart = object | string

/** Keeps a value made from `parts` under the version's key in a long-lived build; makes it in a one-shot one. */
export type VersionMemo = <T>(parts: KeyPart[], make: () => T) => T

/**
 * What a long-lived build (`npm start`) keeps from one run of the pipeline to
 * the next, so that a one-file edit does not redo the work of ten thousand
 * unchanged files. A value is keyed by the objects it was made from (a parsed
 * file, a rendering), which the session keeps for as long as their file is
 * unchanged, plus strings for whatever else it depends on. A one-shot build
 * has no Reuse and computes everything.
 */
export class Reuse {
  // Keys as paths in one tree of Maps, part by part: an object is a key by identity, and a
  // lookup of a value kept neither makes a string nor allocates (a build looks up some 60,000).
  private readonly root: KeyNode = {}
  private run = 1
  // The entries this run made or replaced, with what they replaced: a failed run puts them back.
  private made: Array<{ node: KeyNode; before: Entry | undefined }> = []

  /** The value made from `parts` in this run or the last one, else `make()`. */
  memo<T>(parts: readonly KeyPart[], make: () => T): T {
    return this.memoWith(parts, '', make)
  }

  /**
   * Like `memo`, for a value that also depends on `context`, a text that is
   * long or changes often (where every page is, for the link table): it is compared with
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
    const node = nodeAt(this.root, parts)
    const kept = node.entry
    if (kept && same(kept.input as I)) {
      kept.used = this.run
      return kept.value as T
    }
    const entry: Entry = { input, value: make(kept?.value as T | undefined), used: this.run }
    this.made.push({ node, before: kept })
    node.entry = entry
    return entry.value as T
  }

  /**
   * Ends a run. What a successful run used is what the next one may reuse, so
   * values of deleted or edited files go. A failed run leaves nothing: its
   * blobs were never handed over, so a later run must not name them unmade.
   */
  endRun(succeeded: boolean): void {
    if (succeeded) prune(this.root, this.run)
    else for (const { node, before } of this.made.reverse()) node.entry = before
    this.made = []
    this.run++
  }
}

interface Entry {
  input: unknown
  value: unknown
  /** The last run that made or reused it. */
  used: number
}

interface KeyNode {
  entry?: Entry | undefined
  next?: Map<KeyPart, KeyNode> | undefined
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

/** Drops what run `run` did not use; whether a node is left holding anything. */
function prune(node: KeyNode, run: number): boolean {
  if (node.entry && node.entry.used !== run) node.entry = undefined
  if (node.next) {
    for (const [part, child] of node.next) if (!prune(child, run)) node.next.delete(part)
    if (node.next.size === 0) node.next = undefined
  }
  return node.entry !== undefined || node.next !== undefined
}
