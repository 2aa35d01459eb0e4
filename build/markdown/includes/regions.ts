/**
 * Named regions, as editors fold them and VitePress includes them: a line
 * `<!-- #region name -->` (or `// #region name`, `# region name`, …) opens
 * one, `<!-- #endregion name -->` closes it. An included file may be in any
 * language, so every comment style is tried on every line.
 */

// Each comment style: what opens the comment, and what closes it on the same line.
const COMMENT_STYLES: Array<[open: string, close: string]> = [
  ['<!--', '-->'], // Markdown, HTML, Vue templates
  ['//', ''], // JavaScript, TypeScript, Go, Rust, Java, C#, F#
  ['#', ''], // C# and VB (`#region`, `#End Region`), Python and shell (`# region`), C++ (`#pragma region`), PowerShell
  ['--', ''], // SQL, Lua
  ['::', ''], // batch files
  ['@?rem\\b', ''], // batch files
  ['/\\*', '\\*/'], // CSS, Less, Sass
  ['\\(\\*', '\\*\\)'], // F# blocks
  ['"//+', '":\\s*"",?'], // JSON keys: `"// #region name": "",`
]

const MARKERS = COMMENT_STYLES.map(([open, close]) => new RegExp(`^\\s*${open}\\s*(?:#\\s*|pragma\\s+)?(#?end ?region|#?region)\\b\\s*(.*?)\\s*${close}\\s*$`, 'i'))

interface Marker {
  opens: boolean
  name: string
  /** Which comment style wrote it. */
  style: number
}

function markerOf(line: string): Marker | null {
  if (!/region/i.test(line)) return null
  for (const [style, pattern] of MARKERS.entries()) {
    const match = pattern.exec(line)
    if (!match) continue
    const word = (match[1] ?? '').toLowerCase().replace('#', '')
    // Visual Basic quotes its names: `#Region "Setup"`.
    const name = (match[2] ?? '').replace(/^"(.*)"$/, '$1')
    return { opens: word === 'region', name, style }
  }
  return null
}

/**
 * The lines inside every region called `name` (without its marker lines),
 * or null when there is none. An end marker without a name closes the
 * innermost region opened in its comment style, so a Markdown heading such
 * as `# Region names` (a `#` comment to this reader) cannot capture it; a
 * region nested in one of the same name is part of the outer one.
 */
export function regionLines(lines: string[], name: string): { lines: string[]; firstIndex: number } | null {
  const open: Array<{ name: string; from: number; style: number }> = []
  const spans: Array<[from: number, to: number]> = []
  lines.forEach((line, index) => {
    const marker = markerOf(line)
    if (!marker) return
    if (marker.opens) {
      open.push({ name: marker.name, from: index + 1, style: marker.style })
      return
    }
    const at = open.findLastIndex((region) => (marker.name ? region.name === marker.name : region.style === marker.style))
    if (at === -1) return
    const [closed] = open.splice(at)
    if (closed?.name === name && !open.some((region) => region.name === name)) spans.push([closed.from, index])
  })
  const [first] = spans
  if (!first) return null
  return { lines: spans.flatMap(([from, to]) => lines.slice(from, to)), firstIndex: first[0] }
}
