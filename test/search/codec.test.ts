import { describe, expect, it } from 'vitest'
import { withinOneEdit } from '../../search/expand.ts'
import { ByteReader, ByteWriter, fromBase64 } from '../../search/varint.ts'

describe('varints', () => {
  it('round-trip through base64, from one byte to numbers past 32 bits', () => {
    const values = [0, 1, 127, 128, 300, 16_383, 16_384, 2 ** 31 + 5, 2 ** 40]
    const writer = new ByteWriter()
    for (const value of values) writer.varint(value)
    const reader = new ByteReader(fromBase64(writer.toBase64()))
    expect(values.map(() => reader.varint())).toEqual(values)
    expect(writer.length).toBe(1 + 1 + 1 + 2 + 2 + 2 + 3 + 5 + 6)
  })
})

describe('withinOneEdit', () => {
  it.each([
    ['installation', 'instalation'],
    ['installation', 'installlation'],
    ['installation', 'installatoin'],
    ['installation', 'installatiom'],
  ])('accepts %s and %s as one typo apart', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true)
    expect(withinOneEdit(b, a)).toBe(true)
  })

  it.each([
    ['installation', 'installation'],
    ['installation', 'instalatoin'],
    ['installation', 'nstallatio'],
  ])('rejects %s and %s', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false)
  })
})
