/** The fixed query mix, drawn from the corpus vocabulary (most frequent first). */
export interface BenchQuery {
  name: string
  body: { query: string; sectionBoost?: string[] }
}

export function queryMix(words: string[], sections: string[]): BenchQuery[] {
  const long = words.filter((word) => word.length >= 7)
  const typo = (word: string) => `${word.slice(0, 3)}${word[4] ?? ''}${word[3] ?? ''}${word.slice(5)}`
  return [
    { name: 'one term', body: { query: words[40] as string } },
    { name: 'prefix', body: { query: (long[30] as string).slice(0, 4) } },
    { name: 'several terms', body: { query: `${words[60]} ${words[300]} ${words[900]}` } },
    { name: 'typo', body: { query: typo(long[200] as string) } },
    { name: 'sectionBoost', body: { query: `${words[120]} ${words[700]}`, sectionBoost: [sections[0] as string] } },
  ]
}
