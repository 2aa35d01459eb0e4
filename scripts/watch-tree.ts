import { watch, type FSWatcher } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'

/**
 * Calls `onChange` with the path (relative to `root`) of whatever changes
 * under `root`, however it was saved. Not `fs.watch(root, { recursive: true })`:
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
      onChange(relative(root, name ? join(folder, name) : folder))
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
