import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import type { DocumentBlob } from '../../contract/index.ts'
import { blob, buildDir, makeTempDir, removeTempDirs, routesOf } from '../shared/build-helpers.ts'

const run = promisify(execFile)

afterAll(removeTempDirs)

const petstore = (summary: string, extra = '') => `openapi: 3.1.0
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      summary: ${summary}
      responses:
        "200": {description: The pets}
${extra}`

const SITE = `title: Pets
versions:
  - name: "2.x"
    status: current
  - name: "1.x"
    ref: v1
    status: maintained
  - name: "0.x"
    ref: v0
    status: unmaintained
openapi:
  - path: openapi/pets.yaml
`

/** A repository whose API document changed between tags: v0 has none, v1 an older one, the work tree the current one. */
async function repository(): Promise<string> {
  const dir = join(await makeTempDir('docs-api-versions-'), 'content')
  await mkdir(join(dir, 'docs/en'), { recursive: true })
  const git = (...args: string[]) => run('git', ['-C', dir, '-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', ...args])
  await git('init', '-q', '-b', 'main')
  await writeFile(join(dir, 'docs/en/index.md'), '# Pets\n')
  await writeFile(join(dir, 'site.yml'), SITE)
  await git('add', '-A')
  await git('commit', '-q', '-m', 'docs without an API')
  await git('tag', 'v0')
  await mkdir(join(dir, 'openapi'))
  await writeFile(join(dir, 'openapi/pets.yaml'), petstore('List pets'))
  await git('add', '-A')
  await git('commit', '-q', '-m', 'the API, as it was in 1.x')
  await git('tag', 'v1')
  const adoption = `  /adoptions:\n    post:\n      operationId: adoptPet\n      summary: Adopt a pet\n      responses:\n        "201": {description: Adopted}\n`
  await writeFile(join(dir, 'openapi/pets.yaml'), petstore('List every pet', adoption))
  return dir
}

describe('an API reference in a versioned site', () => {
  it('reads the document of each version as it was at its git ref, and a version older than the document has none', async () => {
    const { result } = await buildDir(await repository())
    const titleIn = (version: string, slug: string) => {
      const entry = routesOf(result, version).documents.en?.[slug]
      return entry ? blob<DocumentBlob>(result, entry.blob).title : null
    }
    expect(titleIn('2.x', 'api/list-pets')).toBe('List every pet')
    expect(titleIn('2.x', 'api/adopt-pet')).toBe('Adopt a pet')
    expect(titleIn('1.x', 'api/list-pets')).toBe('List pets')
    expect(titleIn('1.x', 'api/adopt-pet')).toBeNull()
    expect(titleIn('0.x', 'api/list-pets')).toBeNull()
    expect(titleIn('0.x', 'index')).toBe('Pets')
  }, 120_000)
})

describe('a renamed operationId', () => {
  it('leaves a redirect from the page it had in an earlier commit to the page it has now', async () => {
    const dir = join(await makeTempDir('docs-api-rename-'), 'content')
    await mkdir(join(dir, 'docs/en'), { recursive: true })
    await mkdir(join(dir, 'openapi'))
    const git = (...args: string[]) => run('git', ['-C', dir, '-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', ...args])
    await git('init', '-q', '-b', 'main')
    await writeFile(join(dir, 'docs/en/index.md'), '# Pets\n')
    await writeFile(join(dir, 'site.yml'), 'title: Pets\nopenapi:\n  - path: openapi/pets.yaml\n')
    await writeFile(join(dir, 'openapi/pets.yaml'), petstore('List pets'))
    await git('add', '-A')
    await git('commit', '-q', '-m', 'listPets')
    await writeFile(join(dir, 'openapi/pets.yaml'), petstore('List pets').replace('operationId: listPets', 'operationId: findPets'))
    const { result } = await buildDir(dir)
    expect(routesOf(result).redirects).toEqual({ 'api/list-pets': 'api/find-pets' })
  }, 60_000)
})
