import { createRequire } from 'node:module'
import { createCssVariablesTheme, createHighlighterCoreSync, isSpecialLang, type LanguageRegistration, type RegexEngine } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { bundledLanguagesInfo } from 'shiki/langs'

/**
 * Shiki's theme whose colours are CSS variables (`var(--shiki-token-keyword)`):
 * each becomes a class (`token-keyword`), and the front end's stylesheet gives
 * the class a colour per colour scheme, so one HTML serves light and dark.
 */
const THEME = createCssVariablesTheme({ name: 'css-variables', variablePrefix: '--shiki-' })
const TOKEN_COLOR = /^var\(--shiki-(token-[a-z-]+)\)$/

/**
 * Shiki stops tokenizing a line after 500 ms by default, so the same block
 * came out differently on a busy machine (the first block of a thread, while
 * its regexes compile, lost its tokens). The output must not depend on load:
 * no time limit, and lines longer than this are left plain instead (a
 * minified bundle pasted in a page).
 */
const TOKENIZE_LIMITS = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: 2000 }

/**
 * Short blocks are kept per thread, by language and code: translations and
 * install snippets repeat them across a site. Only short ones, and the memo
 * is emptied when full, which bounds its memory (a few MB) without
 * bookkeeping.
 */
const MEMO = { blocks: 2000, characters: 1000 }

/** A character V8 cannot store in one byte. */
const WIDE_CHARACTER = /[\u0100-\uffff]/

/**
 * The engine with each line Shiki scans copied into a string of one byte a
 * character where it fits. A code block is a slice of its page, and a page
 * with one character past U+00FF (an em dash, an arrow) is stored two bytes
 * a character: V8 ran the grammars' regexes over such lines 2.7 times slower
 * (all 2,099 blocks of the Vitest docs: 3.0 s warm against 1.1 s), which made
 * highlighting twice as slow in a build as on its own.
 */
function withOneByteLines(engine: RegexEngine): RegexEngine {
  return {
    createScanner: (patterns) => engine.createScanner(patterns),
    createString: (line) => engine.createString(WIDE_CHARACTER.test(line) ? line : Buffer.from(line, 'latin1').toString('latin1')),
  }
}

export interface CodeToken {
  text: string
  /** `token-keyword`, `token-string`…; null for text in the default colour. */
  className: string | null
}

export interface CodeHighlighter {
  /** The code's lines as tokens, not to be changed; null when Shiki has no grammar for the language, or it names plain text (the caller shows plain text). */
  highlight(code: string, language: string): CodeToken[][] | null
  /** Whether Shiki knows the language: it has a grammar for it, or the name means plain text (`text`, `txt`, `plain`, `ansi`). */
  knows(language: string): boolean
}

/** Every name Shiki gives a language of its full bundle (its id and its aliases: `sh`, `bash`, `zsh`), to that id. */
const LANGUAGE_IDS = new Map(bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id])))

const requireModule = createRequire(import.meta.url)

/**
 * A language's grammar module, read synchronously: renders run inside
 * unified's synchronous plugins, and Node (20.19, 22.12 and later) loads an
 * ES module by require(). Shiki's fine-grained module per language, the same
 * one an `import` of it gives.
 */
function grammarsOf(id: string): LanguageRegistration[] {
  // The module's default export: the grammars it embeds first, its own last.
  const module: { default: LanguageRegistration[] } = requireModule(`shiki/langs/${id}.mjs`)
  return module.default
}

/**
 * One highlighter per render thread. Shiki's synchronous API with the
 * JavaScript regex engine: renders are synchronous and it needs no
 * WebAssembly loaded first. Oniguruma gave the same HTML but no less CPU on
 * code-heavy docs and about 60 MB more per thread; precompiled grammars
 * trail Shiki's own and colour some blocks differently (issue 28, in
 * performance-notes.md). Every language of Shiki's bundle is known, and
 * its grammar is read and registered on the first block in it: registering
 * all of them costs seconds, and a site uses a few.
 */
export function createCodeHighlighter(): CodeHighlighter {
  const shiki = createHighlighterCoreSync({ themes: [THEME], langs: [], engine: withOneByteLines(createJavaScriptRegexEngine()) })
  const loaded = new Map<string, string>()
  const memo = new Map<string, CodeToken[][]>()
  /**
   * The name Shiki tokenizes the language under, its grammar registered on
   * first use with every language it embeds lazily, and theirs. Shiki
   * highlights a lazily embedded language (front matter and fences in a
   * Markdown block, `<style lang="scss">` in Vue) only once it is loaded, so
   * without them a block's HTML would depend on which blocks its thread
   * happened to highlight before. The embedded languages are registered
   * first: registering a language makes Shiki reload every registered one
   * that embeds it, and Markdown embeds about fifty (a `svelte` block's 63
   * grammars took 0.52 s to register, 0.11 s in this order).
   */
  const grammarName = (id: string): string => {
    const known = loaded.get(id)
    if (known !== undefined) return known
    const grammars = grammarsOf(id)
    const name = (grammars.at(-1) as LanguageRegistration).name
    loaded.set(id, name)
    for (const embedded of new Set(grammars.flatMap((grammar) => grammar.embeddedLangsLazy ?? []))) {
      const embeddedId = LANGUAGE_IDS.get(embedded)
      if (embeddedId !== undefined) grammarName(embeddedId)
    }
    shiki.loadLanguageSync(grammars)
    return name
  }
  return {
    knows: (language) => isSpecialLang(language.toLowerCase()) || LANGUAGE_IDS.has(language.toLowerCase()),
    highlight(code, language) {
      const id = LANGUAGE_IDS.get(language.toLowerCase())
      if (id === undefined) return null
      const key = code.length <= MEMO.characters ? `${id}\u0000${code}` : null
      const known = key === null ? undefined : memo.get(key)
      if (known) return known
      const lines = shiki.codeToTokensBase(code, { lang: grammarName(id), theme: THEME.name as string, ...TOKENIZE_LIMITS })
      const tokens = lines.map((line) => line.map((token) => ({ text: token.content, className: TOKEN_COLOR.exec(token.color ?? '')?.[1] ?? null })))
      if (key !== null) {
        if (memo.size >= MEMO.blocks) memo.clear()
        memo.set(key, tokens)
      }
      return tokens
    },
  }
}
