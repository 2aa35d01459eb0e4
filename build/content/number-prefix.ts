// Docusaurus orders files and folders by a number before their name
// (`01-intro.md`, `2. Setup/`) and leaves the number out of ids and URLs.
// A name that starts like a date or a version (`2024-01-notes`, `7.0-changes`)
// keeps its number: that is the name, not an order.
const prefixed = /^(\d+)\s*[-_.]+\s*(.+)$/
const dateOrVersion = /^\d+[-_.]\d+/

/** `01-intro` -> `{ name: 'intro', position: 1 }`; a name without a prefix comes back whole. */
export function splitNumberPrefix(name: string): { name: string; position: number | null } {
  const match = dateOrVersion.test(name) ? null : prefixed.exec(name)
  return match ? { name: match[2] ?? name, position: Number(match[1]) } : { name, position: null }
}

/** `01-guides/02-install` -> `guides/install`. */
export function stripNumberPrefixes(path: string): string {
  return path
    .split('/')
    .map((segment) => splitNumberPrefix(segment).name)
    .join('/')
}
