import { expect, it } from 'vitest'
import { TermOrder } from '../../search/term-lists.ts'

// A first build of a 100,000-page locale adds a few hundred thousand terms in one call; a spread into
// push() passes each as an argument, and past about 120,000 the engine throws "Maximum call stack size exceeded".
it('orders a vocabulary of 300,000 terms added at once', () => {
  const terms = Array.from({ length: 300_000 }, (_, i) => `term${String(300_000 - i).padStart(6, '0')}`)
  const order = new TermOrder(terms)
  order.add(terms.map((_, id) => id))
  expect(order.ids).toHaveLength(300_000)
  expect(terms[order.ids[0] as number]).toBe('term000001')
  expect(terms[order.ids.at(-1) as number]).toBe('term300000')
})
