import { isCollection, isMap, isScalar, LineCounter, parseDocument, Scalar, visit, type Document, type Node, type YAMLError } from 'yaml'

/** Where YAML could not be read (1-based, in the text given) and why, in words an author can act on. */
export interface YamlProblem {
  line: number
  message: string
}

export type YamlRead = { ok: true; value: unknown } | { ok: false; problem: YamlProblem }

/**
 * Reads one YAML text (front matter, site.yml, a `_category_.yml`) with YAML
 * 1.2's core schema, so dates stay the strings the author wrote and `yes` is
 * a word. The `yaml` package reports each mistake with a code and a position;
 * those become a plain message at the line where the mistake starts (an
 * unclosed quote at its opening quote, not where the parser gave up). Only
 * the first mistake is reported: what follows it is often its echo.
 */
export function readYaml(text: string): YamlRead {
  const lines = new LineCounter()
  const document = parseDocument(text, { lineCounter: lines, schema: 'core', prettyErrors: false })
  const [first] = document.errors
  if (first) {
    const { offset, message } = explain(first, document.errors, document)
    return { ok: false, problem: { line: lines.linePos(offset).line, message } }
  }
  try {
    return { ok: true, value: document.toJS() }
  } catch (error) {
    // An alias to an anchor that does not exist, or too many aliases: found only when the value is made.
    return { ok: false, problem: { line: 1, message: lowerFirst((error as Error).message) } }
  }
}

function explain(error: YAMLError, errors: YAMLError[], document: Document): { offset: number; message: string } {
  const [at] = error.pos
  switch (error.code) {
    case 'MISSING_CHAR': {
      const quoted = nodeEndingAt(document, at, (node) => isScalar(node) && (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE))
      if (quoted) return { offset: quoted.range?.[0] ?? at, message: `unclosed quote: the value that starts with ${quoteOf(quoted)} here has no closing ${quoteOf(quoted)}` }
      return { offset: at, message: 'a line that is not "key: value": add the colon, or indent it under the key it belongs to' }
    }
    case 'BAD_INDENT': {
      const flow = nodeEndingAt(document, at, (node) => isCollection(node) && node.flow === true)
      if (flow) {
        const [open, close, what] = isMap(flow) ? ['{', '}', 'map'] : ['[', ']', 'list']
        return { offset: flow.range?.[0] ?? at, message: `unclosed ${open}: the ${what} that starts here has no closing ${close}` }
      }
      return { offset: at, message: 'bad indentation of a mapping entry: keys of one mapping start at the same column' }
    }
    case 'TAB_AS_INDENT':
      return { offset: at, message: 'a tab character where indentation was expected: indent with spaces' }
    case 'DUPLICATE_KEY': {
      const key = nodeStartingAt(document, at)
      return { offset: at, message: `duplicate key${isScalar(key) ? ` "${String(key.value)}"` : ''}: a key appears once in a mapping` }
    }
    case 'BLOCK_AS_IMPLICIT_KEY': {
      // `title: Bad` then `  nested: x`: the value "Bad" runs on into a line that looks like a key.
      const runOn = errors.find((other) => other.code === 'MULTILINE_IMPLICIT_KEY' && other.pos[0] === at)
      if (runOn) return { offset: runOn.pos[1] - 1, message: 'bad indentation of a mapping entry: this key is indented under a key that already has a value' }
      return { offset: at, message: 'a value that contains ": " must be quoted, as in title: "Step 1: install"' }
    }
    case 'MULTILINE_IMPLICIT_KEY':
      return { offset: at, message: 'a line that is not "key: value": add the colon, or indent it under the key it belongs to' }
    case 'BAD_SCALAR_START':
      return { offset: at, message: `a value cannot start with ${JSON.stringify(error.message.slice(-1))} unless it is quoted` }
    case 'BAD_DQ_ESCAPE':
      return { offset: at, message: `a backslash in double quotes starts an escape; write \\\\ for a backslash, or use single quotes` }
    case 'UNEXPECTED_TOKEN':
      return { offset: at, message: `unexpected ${/"[^"]*"$/.exec(error.message)?.[0] ?? 'character'} here: nothing before it opens it` }
    case 'MULTIPLE_DOCS':
      return { offset: at, message: 'a second YAML document ("---") where one was expected' }
    default:
      return { offset: at, message: lowerFirst(error.message) }
  }
}

function quoteOf(node: Node): string {
  return isScalar(node) && node.type === Scalar.QUOTE_SINGLE ? "'" : '"'
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** The node of the kind `test` accepts whose value ends at `offset`: the parser reports an unclosed one there. */
function nodeEndingAt(document: Document, offset: number, test: (node: Node) => boolean): Node | undefined {
  let found: Node | undefined
  visit(document, (_key, node) => {
    if ((isScalar(node) || isCollection(node)) && node.range?.[1] === offset && test(node)) found = node
  })
  return found
}

function nodeStartingAt(document: Document, offset: number): Node | undefined {
  let found: Node | undefined
  visit(document, (_key, node) => {
    if (isScalar(node) && node.range?.[0] === offset) found ??= node
  })
  return found
}
