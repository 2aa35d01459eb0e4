/**
 * How `npm start` runs scripts/start.ts (package.json says the same; a test
 * holds them together). Local KV is written with node:sqlite, whose
 * experimental warning would otherwise open every start's output.
 */
export const START_ARGS = ['--disable-warning=ExperimentalWarning', 'scripts/start.ts'] as const
