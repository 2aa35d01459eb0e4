import { watch, type FSWatcher } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

/**
 * What editors and tools write beside a file while saving it, by its name:
 * vim's swap files and its `4913` probe, backups ending in `~`, emacs's
 * `.#lock` and `#autosave#`, `sed -i`'s `sedXXXXXX`, JetBrains'
 * `___jb_tmp___`, gedit's `.goutputstream-*`, `*.tmp`, Finder's `.DS_Store`.
 * None is content, and each would start a build of its own.
 */
const EDITOR_LEFTOVERS = [
  /\.(sw[a-p]|swx|swpx)$/,
  /~$/,
  /^\.?#/,
  /^4913$/,
  /^sed[A-Za-z0-9]{6}$/,
  /___jb_(tmp|old|bak)___$/,
  /^\.goutputstream-/,
  /\.(tmp|temp|crswap)$/i,
  /^\.DS_Store$/,
]

export function isEditorLeftover(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return EDITOR_LEFTOVERS.some((pattern) => pattern.test(name))
}

/**
 * Calls `onChange` with the path (relative to `root`) of whatever changes
 * under `root`, however it was saved, except editors' leftovers. Not `fs.watch(root, { recursive: true })`:
 * on Linux, Node implements that with one watch per file inode, so a file
 * saved by renaming a new copy over it (vim, `sed -i`, editors' "atomic save")
 * is never seen again. A folder's own watch sees every entry written, created
 * or renamed in it, so this watches every folder and adds new ones as they come.
 */
export function watchTree(root: string, onChange: (file: string) => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>()
  let closed = false

  async function scan(folder: string): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => null)
    if (entries === null) {
      // The folder is gone; its parent's watch reported that.
      watchers.get(folder)?.close()
      watchers.delete(folder)
      return
    }
    await Promise.all(entries.filter((entry) => entry.isDirectory()).map((entry) => add(join(folder, entry.name))))
  }

  async function add(folder: string): Promise<void> {
    if (closed || watchers.has(folder)) return
    const watcher = watch(folder, (_event, name) => {
      const path = relative(root, name ? join(folder, name) : folder)
        .split(sep)
        .join('/')
      if (!isEditorLeftover(path)) onChange(path)
      void scan(folder)
    })
    // A folder removed under its watch ends it; that is not a failure of the preview.
    watcher.on('error', () => watcher.close())
    watchers.set(folder, watcher)
    await scan(folder)
  }

  void add(root)
  return {
    close() {
      closed = true
      for (const watcher of watchers.values()) watcher.close()
      watchers.clear()
    },
  }
}
