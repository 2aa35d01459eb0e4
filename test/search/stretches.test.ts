import { describe, expect, it } from 'vitest'
import { changedStretches } from '../../search/stretches.ts'

const same = (a: string, b: string) => a === b
const letters = (text: string) => [...text]

describe('changed stretches', () => {
  it('find nothing in an unchanged list', () => {
    expect(changedStretches(letters('abcdef'), letters('abcdef'), same, 4)).toEqual([])
  })

  it('find one stretch for an edit, an addition or a removal', () => {
    expect(changedStretches(letters('abcdef'), letters('abXdef'), same, 4)).toEqual([{ oldStart: 2, oldEnd: 3, newStart: 2, newEnd: 3 }])
    expect(changedStretches(letters('abcdef'), letters('abcXdef'), same, 4)).toEqual([{ oldStart: 3, oldEnd: 3, newStart: 3, newEnd: 4 }])
    expect(changedStretches(letters('abcdef'), letters('abdef'), same, 4)).toEqual([{ oldStart: 2, oldEnd: 3, newStart: 2, newEnd: 2 }])
  })

  it('find a removal and an addition for an item moved or replaced far away, either way', () => {
    expect(changedStretches(letters('abcdefgh'), letters('acdefgbh'), same, 4)).toEqual([
      { oldStart: 1, oldEnd: 2, newStart: 1, newEnd: 1 },
      { oldStart: 7, oldEnd: 7, newStart: 6, newEnd: 7 },
    ])
    expect(changedStretches(letters('abcdefgh'), letters('aXbcdefh'), same, 4)).toEqual([
      { oldStart: 1, oldEnd: 1, newStart: 1, newEnd: 2 },
      { oldStart: 6, oldEnd: 7, newStart: 7, newEnd: 7 },
    ])
  })

  it('give up on changes all over the list', () => {
    expect(changedStretches(letters('abcdefgh'), letters('hgfedcba'), same, 4)).toBeNull()
    expect(changedStretches(letters('abcdefgh'), letters('aXcdeYgh'), same, 3)).toBeNull()
  })
})
