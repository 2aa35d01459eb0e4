import { createCssVariablesTheme, createHighlighterCoreSync, type LanguageRegistration } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import c from 'shiki/langs/c.mjs'
import cpp from 'shiki/langs/cpp.mjs'
import csharp from 'shiki/langs/csharp.mjs'
import css from 'shiki/langs/css.mjs'
import diff from 'shiki/langs/diff.mjs'
import docker from 'shiki/langs/docker.mjs'
import go from 'shiki/langs/go.mjs'
import graphql from 'shiki/langs/graphql.mjs'
import html from 'shiki/langs/html.mjs'
import http from 'shiki/langs/http.mjs'
import ini from 'shiki/langs/ini.mjs'
import java from 'shiki/langs/java.mjs'
import javascript from 'shiki/langs/javascript.mjs'
import json from 'shiki/langs/json.mjs'
import jsonc from 'shiki/langs/jsonc.mjs'
import jsx from 'shiki/langs/jsx.mjs'
import kotlin from 'shiki/langs/kotlin.mjs'
import markdown from 'shiki/langs/markdown.mjs'
import mdx from 'shiki/langs/mdx.mjs'
import php from 'shiki/langs/php.mjs'
import powershell from 'shiki/langs/powershell.mjs'
import python from 'shiki/langs/python.mjs'
import ruby from 'shiki/langs/ruby.mjs'
import rust from 'shiki/langs/rust.mjs'
import scss from 'shiki/langs/scss.mjs'
import shellscript from 'shiki/langs/shellscript.mjs'
import shellsession from 'shiki/langs/shellsession.mjs'
import sql from 'shiki/langs/sql.mjs'
import svelte from 'shiki/langs/svelte.mjs'
import swift from 'shiki/langs/swift.mjs'
import toml from 'shiki/langs/toml.mjs'
import tsx from 'shiki/langs/tsx.mjs'
import typescript from 'shiki/langs/typescript.mjs'
import vue from 'shiki/langs/vue.mjs'
import xml from 'shiki/langs/xml.mjs'
import yaml from 'shiki/langs/yaml.mjs'

/**
 * The languages of docs, bounded so that a render thread's start-up stays
 * small. Each module brings the grammars its language embeds (Vue brings
 * CSS, HTML and TypeScript) and its aliases (`sh`, `bash`, `zsh`).
 */
const LANGUAGES: LanguageRegistration[][] = [
  c, cpp, csharp, css, diff, docker, go, graphql, html, http, ini, java, javascript, json, jsonc, jsx, kotlin,
  markdown, mdx, php, powershell, python, ruby, rust, scss, shellscript, shellsession, sql, svelte, swift,
  toml, tsx, typescript, vue, xml, yaml,
]

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

export interface CodeToken {
  text: string
  /** `token-keyword`, `token-string`…; null for text in the default colour. */
  className: string | null
}

export interface CodeHighlighter {
  /** The code's lines as tokens, not to be changed; null when the language is not in the set (the caller shows plain text). */
  highlight(code: string, language: string): CodeToken[][] | null
}

/**
 * One highlighter per render thread. Shiki's synchronous API with the
 * JavaScript regex engine: renders are synchronous, it needs no WebAssembly
 * loaded first, and it tokenized as fast as Oniguruma here (about 0.3 ms for
 * a short TypeScript block). A grammar is registered on the first block in
 * its language: registering all of them costs seconds, and most documents use
 * a few. Each module lists the grammars it embeds first and its own last.
 */
export function createCodeHighlighter(): CodeHighlighter {
  const shiki = createHighlighterCoreSync({ themes: [THEME], langs: [], engine: createJavaScriptRegexEngine() })
  const byName = new Map<string, LanguageRegistration[]>()
  for (const registrations of LANGUAGES) {
    const main = registrations.at(-1) as LanguageRegistration
    for (const name of [main.name, ...(main.aliases ?? [])]) byName.set(name, registrations)
  }
  const loaded = new Set<string>()
  const memo = new Map<string, CodeToken[][]>()
  return {
    highlight(code, language) {
      const registrations = byName.get(language.toLowerCase())
      if (!registrations) return null
      const main = registrations.at(-1) as LanguageRegistration
      const key = code.length <= MEMO.characters ? `${main.name}\u0000${code}` : null
      const known = key === null ? undefined : memo.get(key)
      if (known) return known
      if (!loaded.has(main.name)) {
        shiki.loadLanguageSync(registrations)
        loaded.add(main.name)
      }
      const lines = shiki.codeToTokensBase(code, { lang: main.name, theme: THEME.name as string, ...TOKENIZE_LIMITS })
      const tokens = lines.map((line) => line.map((token) => ({ text: token.content, className: TOKEN_COLOR.exec(token.color ?? '')?.[1] ?? null })))
      if (key !== null) {
        if (memo.size >= MEMO.blocks) memo.clear()
        memo.set(key, tokens)
      }
      return tokens
    },
  }
}
