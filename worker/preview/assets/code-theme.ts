// Colours of highlighted code (build/markdown/highlighter.ts): the build gives each token a class
// named after Shiki's CSS variable (`token-keyword` for `--shiki-token-keyword`), and this sheet
// gives each variable a light and a dark value, so one HTML serves both schemes. A front end may
// set the same variables to retheme code. Every colour reads at 4.5:1 or more on the preview's
// code background (--soft).
export const CODE_THEME = String.raw`
:root { --shiki-foreground: var(--fg); --shiki-token-keyword: #c4212d; --shiki-token-constant: #0550ae;
  --shiki-token-string: #0a3069; --shiki-token-string-expression: #116329; --shiki-token-comment: #57606a;
  --shiki-token-function: #6639ba; --shiki-token-parameter: #953800; --shiki-token-punctuation: #1d2129;
  --shiki-token-link: #0b62c4; --shiki-token-inserted: #116329; --shiki-token-deleted: #a40e26;
  --shiki-token-changed: #953800; --code-highlight: #0b62c41f; }
@media (prefers-color-scheme: dark) {
  :root { --shiki-token-keyword: #ff7b72; --shiki-token-constant: #79c0ff; --shiki-token-string: #a5d6ff;
    --shiki-token-string-expression: #7ee787; --shiki-token-comment: #9aa3ae; --shiki-token-function: #d2a8ff;
    --shiki-token-parameter: #ffa657; --shiki-token-punctuation: #e4e7eb; --shiki-token-link: #6cb0ff;
    --shiki-token-inserted: #7ee787; --shiki-token-deleted: #ffa198; --shiki-token-changed: #ffa657;
    --code-highlight: #6cb0ff2e; }
}
.shiki { color: var(--shiki-foreground); }
.shiki .line { display: inline-block; min-width: 100%; }
.shiki .line.highlighted { background: var(--code-highlight); box-shadow: inset 3px 0 var(--accent); }
.shiki .token-keyword { color: var(--shiki-token-keyword); }
.shiki .token-constant { color: var(--shiki-token-constant); }
.shiki .token-string { color: var(--shiki-token-string); }
.shiki .token-string-expression { color: var(--shiki-token-string-expression); }
.shiki .token-comment { color: var(--shiki-token-comment); }
.shiki .token-function { color: var(--shiki-token-function); }
.shiki .token-parameter { color: var(--shiki-token-parameter); }
.shiki .token-punctuation { color: var(--shiki-token-punctuation); }
.shiki .token-link { color: var(--shiki-token-link); }
.shiki .token-inserted { color: var(--shiki-token-inserted); }
.shiki .token-deleted { color: var(--shiki-token-deleted); }
.shiki .token-changed { color: var(--shiki-token-changed); }
figure.code-block { margin: 1rem 0; }
figure.code-block figcaption { font: .85rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted);
  padding: .3rem 1rem; border: 1px solid var(--line); border-bottom: 0; border-radius: .4rem .4rem 0 0; background: var(--bg); }
figure.code-block figcaption + pre { margin-top: 0; border-top-left-radius: 0; border-top-right-radius: 0; }
`
