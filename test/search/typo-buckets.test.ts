import { describe, expect, it } from 'vitest'
import { random } from '../../bench/corpus.ts'
import { holdsOwnTerms, typoBucketsOf } from '../../search/typo-buckets.ts'

describe('a typo bucket’s check of its own terms', () => {
  it('accepts a term in exactly the buckets its keys fall in, as the build placed it', () => {
    const next = random(7)
    const letters = 'abcdeéfgßhijklmnopqrstuvwxyz日本'
    const terms = ['', 'a', 'aa', 'aab', 'marmoset', 'straße', '日本語']
    for (let made = 0; made < 300; made++) {
      const length = 1 + Math.floor(next() * 12)
      terms.push(Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join(''))
    }
    for (const count of [1, 2, 8, 64, 1024]) {
      for (const term of terms) {
        const placed = typoBucketsOf(term, count)
        for (let bucket = 0; bucket < Math.min(count, 64); bucket++) expect(holdsOwnTerms([term], bucket, count), `${term} in ${bucket} of ${count}`).toBe(placed.includes(bucket))
        for (const bucket of placed) expect(holdsOwnTerms([term], bucket, count)).toBe(true)
      }
    }
  })

  it('refuses terms out of order', () => {
    const count = 1
    expect(holdsOwnTerms(['b', 'a'], 0, count)).toBe(false)
    expect(holdsOwnTerms(['a', 'a'], 0, count)).toBe(false)
    expect(holdsOwnTerms(['a', 'b'], 0, count)).toBe(true)
  })
})
