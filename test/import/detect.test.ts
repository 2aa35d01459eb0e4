import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { detectProject, NoProjectError } from '../../import/detect.ts'
import { makeTempDir, removeTempDirs, writeFiles } from '../shared/build-helpers.ts'
import { afterAll } from 'vitest'

afterAll(removeTempDirs)

async function project(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('docs-detect-')
  await writeFiles(dir, files)
  return dir
}

describe('detecting the framework of a project', () => {
  it('finds VitePress by .vitepress/config.* in the folder or in its docs/ folder', async () => {
    const dir = await project({ '.vitepress/config.mts': 'export default {}' })
    expect(detectProject(dir)).toEqual({ framework: 'vitepress', root: dir, configFile: join(dir, '.vitepress/config.mts') })
    const parent = await project({ 'docs/.vitepress/config.ts': 'export default {}' })
    expect(detectProject(parent)).toEqual({ framework: 'vitepress', root: join(parent, 'docs'), configFile: join(parent, 'docs/.vitepress/config.ts') })
  })

  it('finds Docusaurus by docusaurus.config.*', async () => {
    const dir = await project({ 'docusaurus.config.js': 'module.exports = {}' })
    expect(detectProject(dir)).toMatchObject({ framework: 'docusaurus', configFile: join(dir, 'docusaurus.config.js') })
  })

  it('finds Starlight by an astro.config.* that imports @astrojs/starlight, and refuses an Astro site without it', async () => {
    const dir = await project({ 'astro.config.mjs': "import starlight from '@astrojs/starlight'\nexport default {}" })
    expect(detectProject(dir)).toMatchObject({ framework: 'starlight', configFile: join(dir, 'astro.config.mjs') })
    const plain = await project({ 'astro.config.mjs': 'export default {}' })
    expect(() => detectProject(plain)).toThrow(/astro\.config\.mjs is an Astro site without Starlight/)
  })

  it('says what it looked for in a folder with no config', async () => {
    const dir = await project({ 'README.md': '# Hello' })
    expect(() => detectProject(dir)).toThrow(NoProjectError)
    expect(() => detectProject(dir)).toThrow(/no VitePress \(\.vitepress\/config\.\*\), Docusaurus \(docusaurus\.config\.\*\) or Starlight/)
  })
})
