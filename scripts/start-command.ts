/**
 * How `npm start` runs scripts/start.ts (package.json says the same; a test
 * holds them together). Local KV is written with node:sqlite, whose
 * experimental warning would otherwise open every start's output. The
 * session keeps per page what a save reuses (about 42 KB live in the bench
 * corpus, see the performance notes): at 100,000 documents about 5.5 GB,
 * past the 4 GB heap Node gives whatever the machine's memory. The limit
 * is a ceiling, not a reservation: a small site uses what it used.
 */
export const START_ARGS = ['--disable-warning=ExperimentalWarning', '--max-old-space-size=8192', 'scripts/start.ts'] as const
