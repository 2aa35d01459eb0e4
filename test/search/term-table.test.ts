import { describe, expect, it } from 'vitest'
import { TermTable } from '../../search/term-table.ts'

// Enough terms to grow the table's arrays and slots several times over.
const TERMS = Array.from({ length: 20_000 }, (_, at) => `term${at.toString(36)}${'é'.repeat(at % 3)}`)

describe('the term table', () => {
  it('gives each term one id, in the order terms are first seen', () => {
    const table = new TermTable()
    const ids = TERMS.map((term) => table.id(term))
    expect(ids).toEqual(TERMS.map((_, at) => at))
    expect(TERMS.map((term) => table.id(term))).toEqual(ids)
    expect(table.terms).toEqual(TERMS)
  })

  it('finds a term where it stands in a longer text as it finds the term itself', () => {
    const table = new TermTable()
    for (const term of TERMS) table.id(term)
    const text = `${TERMS.join('\n')}\n`
    const found: number[] = []
    let start = 0
    for (let end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) found.push(table.idIn(text, start, end))
    expect(found).toEqual(TERMS.map((_, at) => at))
    expect(table.terms.length).toBe(TERMS.length)
  })

  it('tells apart a term from the start or the end of a longer one', () => {
    const table = new TermTable()
    const text = 'searching'
    expect([table.idIn(text, 0, 6), table.idIn(text, 0, 9), table.idIn(text, 6, 9), table.id('search'), table.id('ing')]).toEqual([0, 1, 2, 0, 2])
    expect(table.terms).toEqual(['search', 'searching', 'ing'])
  })
})
