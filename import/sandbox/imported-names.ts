import type { AnyNode, parse, Program } from 'acorn'

/** acorn's parse, handed in by the child, which loads acorn from its real path (see load-config.ts). */
export type Parse = typeof parse

/**
 * The names a module imports or re-exports from `specifier`, read from its
 * JavaScript with a real parser: an ES module links named imports before
 * any code runs, so a stand-in must export each by name. A namespace
 * import (`import * as x`) asks for the names read off it (`x.name`).
 */
export function importedNames(parse: Parse, source: string, specifier: string): string[] {
  let program: Program
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true })
  } catch {
    // Not an ES module (CommonJS reaches stand-ins through require), or a syntax error Node reports itself.
    return []
  }
  const names = new Set<string>()
  const namespaces = new Set<string>()
  for (const node of program.body) {
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration') && node.source?.value === specifier) {
      for (const clause of node.specifiers) {
        if (clause.type === 'ImportNamespaceSpecifier') namespaces.add(clause.local.name)
        const name = clause.type === 'ImportSpecifier' ? clause.imported : clause.type === 'ExportSpecifier' ? clause.local : null
        if (name) names.add(name.type === 'Identifier' ? name.name : String(name.value))
      }
    }
  }
  if (namespaces.size > 0)
    visit(program, (node) => {
      if (node.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier' && namespaces.has(node.object.name) && node.property.type === 'Identifier') {
        names.add(node.property.name)
      }
    })
  names.delete('default')
  return [...names].sort()
}

function visit(node: AnyNode | Program, enter: (node: AnyNode | Program) => void): void {
  enter(node)
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) visit(child, enter)
    }
  }
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
}
