import { describe, expect, it } from 'vitest'
import { relocateImages } from '../../import/frameworks/relative-images.ts'

const files = new Set(['src/assets/a.png', 'src/assets/hero.webp', 'src/content/docs/guides/b.png'])
const options = {
  stays: (path: string) => path.startsWith('src/content/docs/'),
  home: (path: string) => `docs/en/_assets/${path.replace(/^src\/assets\//, '')}`,
  exists: (path: string) => files.has(path),
}

describe('images a moved page reaches outside its docs folder', () => {
  it('re-points images, reference definitions and quoted hero images to their copies, and leaves the rest of the page as written', () => {
    const page = [
      '---',
      'title: Guide',
      'hero:',
      '  image:',
      '    file: "../../../assets/hero.webp"',
      '---',
      '',
      '![A](../../../assets/a.png "The title")',
      '![B](./b.png) ![Root](/img/c.png) ![Gone](../../../assets/missing.png)',
      '',
      '[a]: ../../../assets/a.png',
      '',
    ].join('\n')
    const relocated = relocateImages(page, 'src/content/docs/guides/intro.md', 'docs/en/guides/intro.md', options)
    expect(relocated.text).toBe(
      page
        .replace('"../../../assets/hero.webp"', '"../_assets/hero.webp"')
        .replace('(../../../assets/a.png "The title")', '(../_assets/a.png "The title")')
        .replace('[a]: ../../../assets/a.png', '[a]: ../_assets/a.png'),
    )
    expect(relocated.copies.sort((x, y) => x.to.localeCompare(y.to))).toEqual([
      { from: 'src/assets/a.png', to: 'docs/en/_assets/a.png' },
      { from: 'src/assets/hero.webp', to: 'docs/en/_assets/hero.webp' },
    ])
  })

  it('leaves a page whose images all stay in the docs folder untouched', () => {
    expect(relocateImages('![B](./b.png)\n', 'src/content/docs/guides/intro.md', 'docs/en/guides/intro.md', options)).toEqual({ text: undefined, copies: [] })
  })
})
