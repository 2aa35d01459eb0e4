// What the top-level readers (git-history.ts, read-assets.ts) hand the pure stages, kept here so that
// content/ and pipeline/ take these values without importing the modules that do the I/O.

export interface FileHistory {
  lastModified: string
  author: string
  commit: string
}

/** A Markdown file under `docs/` that a commit moved; paths relative to the content root. */
export interface FileRename {
  from: string
  to: string
}

export interface GitHistory {
  /** Last commit of each file, keyed by path relative to the content root. */
  files: Map<string, FileHistory>
  /** Every rename of a page the history shows, newest first; a file moved twice gives two. */
  renames: FileRename[]
  head: string | null
  /** Set when history could not be read in full; the build warns and falls back. */
  warning: string | null
}

/** A file pages may reference: an image, a PDF, a download. */
export interface AssetFile {
  /** Under the content folder, with POSIX slashes (`docs/en/img/a.png`, `public/logo.svg`). */
  path: string
  size: number
  /** Null for a file larger than KV takes: it is never published, so it is not held in memory. */
  bytes: Uint8Array | null
}
