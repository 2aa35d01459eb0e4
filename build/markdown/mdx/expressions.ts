import type { MdxFlowExpression } from 'mdast-util-mdx'

// The ESTree program remark-mdx attaches to every expression it parsed.
type Program = NonNullable<NonNullable<MdxFlowExpression['data']>['estree']>

/** An MDX expression as remark-mdx leaves it: its source and, parsed by acorn, its program. */
interface ParsedExpression {
  data?: { estree?: Program | null | undefined } | undefined
}

/** `{/* … *\/}`: an expression of comments only. */
export function isCommentOnly(expression: ParsedExpression): boolean {
  return expression.data?.estree?.body.length === 0
}

/**
 * The text of an expression that is only a string: `{'text'}`, `{"text"}`,
 * or a template literal without substitutions (`` {`Array<T>`} ``), which
 * authors write for text JSX would misread. Anything else would have to be
 * run, so it has no text here: undefined.
 */
export function literalText(expression: ParsedExpression): string | undefined {
  const body = expression.data?.estree?.body
  const statement = body?.length === 1 ? body[0] : undefined
  if (statement?.type !== 'ExpressionStatement') return undefined
  const value = statement.expression
  if (value.type === 'Literal') return typeof value.value === 'string' ? value.value : undefined
  if (value.type === 'TemplateLiteral' && value.expressions.length === 0) return value.quasis[0]?.value.cooked ?? undefined
  return undefined
}
