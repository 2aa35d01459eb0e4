import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runInThisContext } from 'node:vm'

// Run by import-sidebar in a process of its own: it evaluates a Docusaurus
// sidebars file (the author's code) and prints what it exports as JSON.
const file = resolve(process.argv[2] ?? '')

async function load(): Promise<unknown> {
  try {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown }
    return module.default ?? module
  } catch (error) {
    // `module.exports` in a .js file that the nearest package.json calls an ES module.
    if (!(error instanceof ReferenceError)) throw error
    const module = { exports: {} as unknown }
    const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${await readFile(file, 'utf8')}\n})`, { filename: file }) as (
      ...args: unknown[]
    ) => void
    wrapper(module.exports, createRequire(file), module, file, dirname(file))
    return module.exports
  }
}

process.stdout.write(JSON.stringify(await load()))
