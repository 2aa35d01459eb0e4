const TERM_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u

/** The one tokenizer, for indexing and for queries: split at spaces and punctuation, lowercase. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(TERM_SEPARATOR)
    .filter((term) => term !== '')
}
