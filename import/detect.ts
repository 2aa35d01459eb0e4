import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { DetectedProject } from './plan.ts'

const VITEPRESS_CONFIGS = ['js', 'ts', 'mjs', 'mts', 'cjs', 'cts'].map((extension) => `.vitepress/config.${extension}`)
const DOCUSAURUS_CONFIGS = ['js', 'ts', 'mjs', 'cjs'].map((extension) => `docusaurus.config.${extension}`)
const ASTRO_CONFIGS = ['mjs', 'ts', 'js', 'mts'].map((extension) => `astro.config.${extension}`)

/** Thrown when a folder holds none of the three frameworks' configs. */
export class NoProjectError extends Error {
  override name = 'NoProjectError'
}

function firstExisting(dir: string, names: string[]): string | undefined {
  return names.map((name) => join(dir, name)).find((path) => existsSync(path))
}

/**
 * Which framework `dir` holds, by its config file: VitePress's
 * `.vitepress/config.*` (in `dir` or in `dir/docs`, where VitePress sites
 * usually keep it), `docusaurus.config.*`, or an `astro.config.*` that
 * uses Starlight (an Astro site without it is no docs project).
 */
export function detectProject(dir: string): DetectedProject {
  const root = resolve(dir)
  for (const candidate of [root, join(root, 'docs')]) {
    const configFile = firstExisting(candidate, VITEPRESS_CONFIGS)
    if (configFile) return { framework: 'vitepress', root: candidate, configFile }
  }
  const docusaurus = firstExisting(root, DOCUSAURUS_CONFIGS)
  if (docusaurus) return { framework: 'docusaurus', root, configFile: docusaurus }
  const astro = firstExisting(root, ASTRO_CONFIGS)
  if (astro) {
    if (readFileSync(astro, 'utf8').includes('@astrojs/starlight')) return { framework: 'starlight', root, configFile: astro }
    throw new NoProjectError(`${dir}: ${astro.slice(root.length + 1)} is an Astro site without Starlight; import reads Starlight sites`)
  }
  throw new NoProjectError(`${dir}: no VitePress (.vitepress/config.*), Docusaurus (docusaurus.config.*) or Starlight (astro.config.* with @astrojs/starlight) config here`)
}
