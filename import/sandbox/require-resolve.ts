import Module, { isBuiltin } from 'node:module'
import { join } from 'node:path'
import { isLocal } from './hooks.ts'

type ResolveFilename = (request: string, ...rest: unknown[]) => string

/**
 * `require.resolve('some-theme/theme.css')` (Docusaurus configs resolve
 * themes, plugins and styles by path) answers a path under the project's
 * `node_modules`, installed or not: module hooks do not reach
 * `require.resolve`, and the config only passes the string on to the
 * framework, which is a stand-in here. The package is named among the
 * stand-ins. Local paths keep Node's own resolution and its errors.
 */
export function resolvePackagesByPath(root: string, onPackage: (specifier: string) => void): void {
  const resolveFilename = Reflect.get(Module, '_resolveFilename') as ResolveFilename
  Reflect.set(Module, '_resolveFilename', function resolvePackageByPath(this: unknown, request: string, ...rest: unknown[]): string {
    try {
      return Reflect.apply(resolveFilename, this, [request, ...rest])
    } catch (error) {
      if (isLocal(request) || isBuiltin(request)) throw error
      onPackage(request)
      return join(root, 'node_modules', request)
    }
  })
}
