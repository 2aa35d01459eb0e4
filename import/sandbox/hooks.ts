import { readFileSync } from 'node:fs'
import { isBuiltin, stripTypeScriptTypes, type RegisterHooksOptions } from 'node:module'
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importedNames, type Parse } from './imported-names.ts'

/** Where generated modules find the stand-in factory (set by the child before the config loads). */
export const STAND_IN_GLOBAL = Symbol.for('docs-service.import.standIn')

/** Built-ins that reach the network: Node 22's permission model has no flag for it, so they load as refusals. */
const NETWORK_MODULES = new Set(['net', 'tls', 'http', 'https', 'http2', 'dgram', 'dns', 'dns/promises', 'inspector', 'inspector/promises'])

/** Extensions a config may leave off a local import, as Vite's and Docusaurus's loaders allow. */
const EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json']
const CODE = new Set([...EXTENSIONS, '.tsx', '.jsx'])

const STAND_IN_SCHEME = 'import-stand-in:'
const REFUSED_SCHEME = 'import-refused:'

/** A local file the config imports is not in the project: the error names the importing file and line. */
export class MissingLocalFile extends Error {
  override name = 'MissingLocalFile'
  readonly file: string
  readonly line: number | null

  constructor(specifier: string, importer: string, line: number | null) {
    super(`imports '${specifier}', which is not there`)
    this.file = importer
    this.line = line
  }
}

export const isLocal = (specifier: string) => /^(\.{1,2}(\/|$)|\/|file:)/.test(specifier)

function lineOfSpecifier(importerPath: string, specifier: string): number | null {
  let text: string
  try {
    text = readFileSync(importerPath, 'utf8')
  } catch {
    return null
  }
  const index = [`'${specifier}'`, `"${specifier}"`, `\`${specifier}\``].map((quoted) => text.indexOf(quoted)).find((found) => found !== -1)
  return index === undefined ? null : text.slice(0, index).split('\n').length
}

/**
 * Module hooks of the sandbox (Node's synchronous `registerHooks`, which
 * covers `import` and `require` alike): built-ins load for real, limited by
 * the permission model, but for the network ones; project files load for
 * real (TypeScript by Node's type stripping, JSON without an import
 * attribute, extensions optional); every package is a stand-in.
 */
export function sandboxHooks(parse: Parse): RegisterHooksOptions {
  return {
    resolve(specifier, context, nextResolve) {
      const bare = specifier.replace(/^node:/, '')
      if (isBuiltin(specifier)) {
        if (NETWORK_MODULES.has(bare)) return { url: `${REFUSED_SCHEME}${bare}`, shortCircuit: true }
        return nextResolve(specifier, context)
      }
      if (specifier.startsWith('data:')) return nextResolve(specifier, context)
      const asRequire = context.conditions?.includes('require') ?? false
      const standIn = (module: string) => {
        const query = new URLSearchParams({ module, written: specifier, importer: context.parentURL ?? '', require: asRequire ? '1' : '' })
        return { url: `${STAND_IN_SCHEME}?${query}`, shortCircuit: true, importAttributes: {} }
      }
      if (!isLocal(specifier)) return standIn(specifier)
      // `with { type: 'json' }` asks for a JSON module; this loader makes JSON an ES module (with named exports, as bundlers do).
      const local = { ...context, importAttributes: {} }
      for (const candidate of [specifier, ...EXTENSIONS.map((extension) => specifier + extension), ...EXTENSIONS.map((extension) => `${specifier}/index${extension}`)]) {
        try {
          return { ...nextResolve(candidate, local), importAttributes: {} }
        } catch (error) {
          if (!isNotFound(error)) throw error
        }
      }
      // A path into node_modules (`./node_modules/pkg/package.json`) names a package, which is not installed here either.
      const inPackages = /(?:^|\/)node_modules\/(.+)$/.exec(specifier)?.[1]
      if (inPackages) return standIn(inPackages)
      const importer = context.parentURL?.startsWith('file:') ? fileURLToPath(context.parentURL) : (context.parentURL ?? 'the config')
      throw new MissingLocalFile(specifier, importer, context.parentURL?.startsWith('file:') ? lineOfSpecifier(importer, specifier) : null)
    },
    load(url, context, nextLoad) {
      if (url.startsWith(STAND_IN_SCHEME)) {
        const query = new URLSearchParams(url.slice(STAND_IN_SCHEME.length + 1))
        return { format: query.get('require') ? 'commonjs' : 'module', source: standInSource(query, parse), shortCircuit: true }
      }
      if (url.startsWith(REFUSED_SCHEME)) return { format: 'module', source: refusedSource(url.slice(REFUSED_SCHEME.length)), shortCircuit: true }
      if (url.startsWith('file:')) {
        const extension = extname(fileURLToPath(url))
        if (extension === '.json') return { format: 'module', source: jsonModuleSource(readFileSync(fileURLToPath(url), 'utf8')), shortCircuit: true }
        // A stylesheet, a Vue file, an image: nothing a config's data comes from, so the file's name stands for it.
        if (!CODE.has(extension)) return { format: 'module', source: `export default ${JSON.stringify({ __file: fileURLToPath(url) })}`, shortCircuit: true }
      }
      return nextLoad(url, context)
    },
  }
}

/** A JSON file as an ES module: the value as its default export, and its top-level keys that are identifiers as named exports (`import { version } from './package.json'`). */
function jsonModuleSource(text: string): string {
  const value: unknown = JSON.parse(text)
  const lines = [`const value = ${text}`, 'export default value']
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    Object.keys(value).forEach((key, index) => {
      if (/^[A-Za-z_$][\w$]*$/.test(key)) lines.push(`const key${index} = value[${JSON.stringify(key)}]`, `export { key${index} as ${JSON.stringify(key)} }`)
    })
  }
  return `${lines.join('\n')}\n`
}

function isNotFound(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || code === 'ERR_UNSUPPORTED_DIR_IMPORT'
}

/** A module whose exports are the stand-ins the importer asks for by name (ESM links names before anything runs). */
function standInSource(query: URLSearchParams, parse: Parse): string {
  const module = query.get('module') ?? ''
  const factory = `globalThis[Symbol.for(${JSON.stringify(STAND_IN_GLOBAL.description)})]`
  if (query.get('require')) return `module.exports = ${factory}(${JSON.stringify(module)}, null)\n`
  const importer = query.get('importer') ?? ''
  const names = importer.startsWith('file:') ? importedNames(parse, readImporter(importer), query.get('written') ?? module) : []
  const lines = [`const root = ${factory}(${JSON.stringify(module)}, null)`, 'export default root.default']
  names.forEach((name, index) => {
    lines.push(`const name${index} = root[${JSON.stringify(name)}]`, `export { name${index} as ${JSON.stringify(name)} }`)
  })
  return `${lines.join('\n')}\n`
}

function readImporter(url: string): string {
  const path = fileURLToPath(url)
  const text = readFileSync(path, 'utf8')
  return /\.[mc]?ts$/.test(path) ? stripTypeScriptTypes(text) : text
}

/** A network built-in: every export is there, and each refuses when used. */
function refusedSource(name: string): string {
  // getBuiltinModule, not require: require goes through these hooks, and would get this very refusal.
  const real: object = process.getBuiltinModule(`node:${name}`) ?? {}
  const refuse = `() => { throw new Error(${JSON.stringify(`import runs configs without network: node:${name} is refused`)}) }`
  const lines = [`const refuse = ${refuse}`, 'export default new Proxy({}, { get: refuse })']
  for (const key of Object.keys(real)) if (key !== 'default') lines.push(`export { refuse as ${JSON.stringify(key)} }`)
  return `${lines.join('\n')}\n`
}
