import { registerHooks } from 'node:module'
import { pathToFileURL } from 'node:url'
import { describeFailure } from './failure.ts'
import { sandboxHooks, STAND_IN_GLOBAL } from './hooks.ts'
import { resolvePackagesByPath } from './require-resolve.ts'
import { replacedModules, standIn, standInTag } from './stand-in.ts'
import { toJsonValue } from './to-json.ts'

// Run by load-config.ts in a process of its own, under Node's permission
// model: it evaluates one module of a project (argv: the file, the project
// folder, acorn's entry file) and prints its export as JSON on stdout.
const [file = '', root = '', acornEntry = ''] = process.argv.slice(2)
const acorn: typeof import('acorn') = await import(pathToFileURL(acornEntry).href)

// The config's own output goes to stderr, so stdout carries only the result.
const writeResult = process.stdout.write.bind(process.stdout)
process.stdout.write = process.stderr.write.bind(process.stderr)
console.log = console.info = console.debug = console.error

function finish(result: unknown): void {
  writeResult(`${JSON.stringify(result)}\n`, () => process.exit(0))
}

const refuseNetwork = () => {
  throw new Error('import runs configs without network: fetch is refused')
}
for (const name of ['fetch', 'WebSocket', 'EventSource'] as const) Object.defineProperty(globalThis, name, { value: refuseNetwork, configurable: true })
Object.defineProperty(globalThis, STAND_IN_GLOBAL, { value: standIn })
registerHooks(sandboxHooks(acorn.parse))
resolvePackagesByPath(root, (specifier) => replacedModules.add(specifier))
// A failure after loading, from a timer or a promise no one awaits, is the config's failure too.
process.on('uncaughtException', (error) => finish({ ok: false, error: describeFailure(error, root) }))
process.on('unhandledRejection', (error) => finish({ ok: false, error: describeFailure(error, root) }))

try {
  const namespace: Record<string, unknown> = await import(pathToFileURL(file).href)
  let value = 'default' in namespace ? namespace.default : namespace
  // Configs may be functions of the environment, as VitePress, Vite and Docusaurus allow.
  if (typeof value === 'function' && !standInTag(value)) value = await Reflect.apply(value, undefined, [{ command: 'build', mode: 'production' }])
  value = await value
  finish({ ok: true, value: toJsonValue(value), standIns: [...replacedModules].sort() })
} catch (error) {
  finish({ ok: false, error: describeFailure(error, root) })
}
