// The preview's one stylesheet: system fonts, light and dark by prefers-color-scheme,
// three columns on wide screens, one on a phone. Served from /_preview/ with a content hash.
// Sides are logical (inline start and end), so that a right-to-left page mirrors the layout.
export const STYLE = String.raw`
:root { --bg: #fff; --fg: #1d2129; --muted: #5b6370; --line: #e3e6ea; --soft: #f4f6f8; --accent: #0b62c4;
  --mark: #ffe58a; --warn-bg: #fff6db; --warn-line: #e9c46a; --bad: #b42318; --header: 3.5rem;
  /* The header's real height, which page.ts measures: it takes two lines when its items do not fit on one. */
  --header-height: var(--header);
  --note: #0b62c4; --tip: #1a7f37; --info: #0e7490; --warning: #8a5c00; --danger: #cf222e; --caution: #bc4c00;
  --important: #8250df; --tab-list: 2.5rem;
  color-scheme: light dark; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171c; --fg: #e4e7eb; --muted: #9aa3ae; --line: #2c323b; --soft: #1c2027; --accent: #6cb0ff;
    --mark: #6b5a12; --warn-bg: #2e2811; --warn-line: #8a6d1c; --bad: #ff8a80;
    --note: #6cb0ff; --tip: #56d364; --info: #5ad1e6; --warning: #e3b341; --danger: #ff7b72; --caution: #ffa657;
    --important: #d2a8ff; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.skip { position: absolute; inset-inline-start: .5rem; top: -3rem; background: var(--bg); padding: .5rem; z-index: 30; }
.skip:focus { top: .5rem; }

.excerpt, .results p { display: block; color: var(--muted); font-size: .9rem; margin: .1rem 0 0; }
mark { background: var(--mark); color: var(--fg); padding: 0 .1em; border-radius: .15em; }

.layout { display: grid; grid-template-columns: 16rem minmax(0, 1fr); gap: 2rem; max-width: 90rem; margin: 0 auto; padding: 0 1rem; }
.layout.with-toc { grid-template-columns: 16rem minmax(0, 1fr) 14rem; }
.sidebar { position: sticky; top: var(--header-height); align-self: start; max-height: calc(100vh - var(--header-height)); overflow: auto; padding: 1rem 0; }
.fold-button { display: none; }
.sidebar ul { list-style: none; margin: 0; padding-inline-start: .9rem; }
.sidebar > nav > ul { padding-inline-start: 0; }
.sidebar li { margin: .15rem 0; }
.sidebar a { color: var(--fg); text-decoration: none; }
.sidebar a:hover { color: var(--accent); }
.sidebar a[aria-current="page"] { color: var(--accent); font-weight: 600; }
.sidebar .group { font-weight: 600; color: var(--muted); }
.sidebar summary { cursor: pointer; color: var(--fg); }
.badge { font-size: .7rem; padding: 0 .35rem; border-radius: .6rem; border: 1px solid var(--line); color: var(--muted); white-space: nowrap; }
.badge.draft, .badge.breaking { border-color: var(--warn-line); background: var(--warn-bg); color: var(--fg); }
main { padding: 1rem 0 4rem; min-width: 0; }
main:focus { outline: none; }
.doc :is(h1, h2, h3, h4, h5, h6) { scroll-margin-top: calc(var(--header-height) + 1rem); line-height: 1.25; }
.doc h1 { font-size: 2rem; margin: .5rem 0 1rem; }
.lead { font-size: 1.15rem; color: var(--muted); }
.doc img { max-width: 100%; height: auto; }
.doc table { border-collapse: collapse; display: block; overflow-x: auto; }
.doc th, .doc td { border: 1px solid var(--line); padding: .35rem .6rem; }
pre { direction: ltr; background: var(--soft); border: 1px solid var(--line); border-radius: .4rem; padding: .8rem 1rem; overflow-x: auto; }
code { font: .9em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
:not(pre) > code { background: var(--soft); padding: .1em .3em; border-radius: .25rem; }
blockquote { margin: 1rem 0; padding: .1rem 1rem; border-inline-start: 3px solid var(--line); color: var(--muted); }
.crumbs ol { display: flex; flex-wrap: wrap; list-style: none; padding: 0; margin: 0 0 .5rem; font-size: .9rem; color: var(--muted); }
.crumbs li + li::before { content: "›"; margin: 0 .4rem; }
[dir="rtl"] .crumbs li + li::before { content: "‹"; }
/* Spaced letters would break the joins of Arabic script. */
[dir="rtl"] .toc h2 { letter-spacing: normal; }
.notice { padding: .6rem .9rem; border: 1px solid var(--warn-line); background: var(--warn-bg); border-radius: .4rem; }
.notice.error { border-color: var(--bad); color: var(--bad); background: transparent; }
.edit { margin-top: 3rem; font-size: .9rem; color: var(--muted); }
.pager { display: flex; justify-content: space-between; gap: 1rem; margin-top: 1.5rem; }
.pager a { flex: 1 1 0; max-width: 50%; padding: .6rem .9rem; border: 1px solid var(--line); border-radius: .4rem; text-decoration: none; }
.pager a[rel="next"] { text-align: end; }
.pager span { display: block; font-size: .8rem; color: var(--muted); }
.toc { position: sticky; top: var(--header-height); align-self: start; max-height: calc(100vh - var(--header-height)); overflow: auto; padding: 1rem 0; font-size: .9rem; }
.toc h2 { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 0 0 .5rem; }
.toc ul { list-style: none; margin: 0; padding-inline-start: .8rem; }
.toc-list > ul { padding-inline-start: 0; border-inline-start: 2px solid var(--line); }
.toc a { display: block; padding: .1rem .6rem; margin-inline-start: -2px; border-inline-start: 2px solid transparent; color: var(--muted); text-decoration: none; }
.toc a.active { color: var(--accent); border-inline-start-color: var(--accent); }
.release-filters { display: flex; flex-wrap: wrap; align-items: end; gap: .5rem 1rem; margin-bottom: 1.5rem; }
.release-filters fieldset { border: 1px solid var(--line); border-radius: .4rem; display: flex; gap: .8rem; }
.release-filters input[name="version"] { font: inherit; padding: .25rem .5rem; }
.release-filters small { flex-basis: 100%; color: var(--muted); }
.release { border-top: 1px solid var(--line); padding-top: .5rem; }
.release-meta { color: var(--muted); margin-top: -.5rem; }
.results { padding-inline-start: 1.2rem; }
.problems { position: fixed; inset: auto 1rem 1rem; z-index: 40; max-height: 60vh; overflow: auto; padding: 1rem 1.2rem;
  background: var(--bg); color: var(--fg); border: 2px solid var(--bad); border-radius: .5rem; box-shadow: 0 12px 40px #0006; }
.problems h2 { margin: 0; color: var(--bad); font-size: 1.1rem; }
.problems ul { margin: .5rem 0 0; padding-inline-start: 1.2rem; font: .9rem/1.5 ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; }

/* What the build renders from the frameworks' dialects (see the dialects plugin): plain semantic HTML.
   Code blocks, their captions and highlighted lines are code-theme.ts's. */
.admonition { --kind: var(--note); margin: 1rem 0; padding: .6rem 1rem; border: 1px solid color-mix(in srgb, var(--kind) 35%, transparent);
  border-inline-start: 4px solid var(--kind); border-radius: .4rem; background: color-mix(in srgb, var(--kind) 7%, var(--bg)); }
.admonition > :first-child { margin-top: 0; }
.admonition > :last-child { margin-bottom: 0; }
.admonition-title, details.admonition > summary { font-weight: 700; color: var(--kind); margin: 0 0 .3rem; }
.admonition[data-kind="tip"] { --kind: var(--tip); }
.admonition[data-kind="info"] { --kind: var(--info); }
.admonition[data-kind="warning"] { --kind: var(--warning); }
.admonition[data-kind="danger"] { --kind: var(--danger); }
.admonition[data-kind="caution"] { --kind: var(--caution); }
.admonition[data-kind="important"] { --kind: var(--important); }
.admonition[data-kind="details"] { --kind: var(--muted); }
details.admonition > summary { cursor: pointer; margin: 0; }
details.admonition[open] > summary { margin-bottom: .4rem; }
.tabs { margin: 1rem 0; border: 1px solid var(--line); border-radius: .4rem; }
.tab-panel { padding: 0 1rem; }
.tab-panel + .tab-panel { border-top: 1px solid var(--line); }
.tab-label { margin: .6rem 0 .3rem; font-size: .85rem; font-weight: 600; color: var(--muted); }
.tabs[data-kind="code-group"] .tab-panel { padding: 0; }
.tabs[data-kind="code-group"] .tab-label { padding: 0 1rem; }
.tabs[data-kind="code-group"] :is(pre, figure) { margin: 0; border: 0; border-radius: 0 0 .4rem .4rem; }
.tabs[data-kind="code-group"] figure > figcaption { border: 0; border-bottom: 1px solid var(--line); border-radius: 0; }
.tab-list { display: flex; gap: .25rem; height: var(--tab-list); padding: 0 .5rem; overflow-x: auto; border-bottom: 1px solid var(--line); }
.tab-list [role="tab"] { font: inherit; font-size: .9rem; padding: 0 .8rem; color: var(--muted); background: none; border: 0;
  border-bottom: 2px solid transparent; cursor: pointer; white-space: nowrap; }
.tab-list [role="tab"]:focus-visible { outline-offset: -2px; }
.tab-list [role="tab"][aria-selected="true"] { color: var(--accent); border-bottom-color: var(--accent); font-weight: 600; }
.tabs[data-ready] > .tab-panel { border-top: 0; }
/* With scripts on, the panels look upgraded from the first paint: the tab list's room is kept and the
   other panels wait hidden, so the upgrade moves nothing below the group. */
@media (scripting: enabled) {
  .tabs:not([data-ready]) { padding-top: var(--tab-list); }
  .tabs:not([data-ready]) > .tab-panel:not(:first-child), .tabs .tab-label { display: none; }
}
ol.steps { list-style: none; counter-reset: step; padding-inline-start: 0; }
ol.steps > li { counter-increment: step; position: relative; padding: 0 0 .6rem; padding-inline-start: 2.6rem; }
ol.steps > li::before { content: counter(step); position: absolute; inset-inline-start: 0; top: 0; width: 1.8rem; height: 1.8rem; line-height: 1.8rem;
  text-align: center; font-size: .9rem; font-weight: 600; border-radius: 50%; background: var(--soft); border: 1px solid var(--line); }
ol.steps > li:not(:last-child)::after { content: ""; position: absolute; inset-inline-start: .9rem; top: 2.1rem; bottom: .2rem; border-inline-start: 1px solid var(--line); }
.card-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; margin: 1rem 0; }
.card, .link-card { display: block; padding: .8rem 1rem; border: 1px solid var(--line); border-radius: .5rem; background: var(--soft); }
.card > :last-child { margin-bottom: 0; }
.card-title { display: block; margin: 0 0 .3rem; font-weight: 700; }
.link-card { margin: 1rem 0; color: inherit; text-decoration: none; }
.link-card:hover { border-color: var(--accent); }
.link-card .card-title { color: var(--accent); }
.card-description { display: block; color: var(--muted); }
header.hero { display: grid; grid-template-columns: 1fr; gap: .5rem 2rem; align-items: center; margin: 1rem 0 2rem; }
header.hero:has(> img) { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
header.hero > img { grid-column: 2; grid-row: 1 / span 3; max-width: 100%; height: auto; }
header.hero h1 { margin: 0; font-size: clamp(2rem, 5vw, 3rem); line-height: 1.15; }
.hero-tagline { margin: 0; font-size: 1.2rem; color: var(--muted); }
.hero-actions { display: flex; flex-wrap: wrap; gap: .6rem 1rem; margin: .8rem 0 0; }
.hero-action { padding: .5rem 1.1rem; border-radius: 999px; border: 1px solid var(--accent); font-weight: 600; text-decoration: none; }
.hero-action[data-kind="primary"] { background: var(--accent); color: var(--bg); }
.hero-action[data-kind="minimal"] { border-color: transparent; }
@media (max-width: 40rem) { header.hero:has(> img) { grid-template-columns: 1fr; } header.hero > img { grid-column: 1; grid-row: auto; max-width: 12rem; } }
.file-tree { margin: 1rem 0; padding: .6rem 1rem; font: .9rem/1.7 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  background: var(--soft); border: 1px solid var(--line); border-radius: .4rem; }
.file-tree ul { list-style: none; margin: 0; padding-inline-start: 1.2rem; }
.file-tree > ul { padding-inline-start: 0; }
.file-tree li:has(> ul) { font-weight: 600; }
.file-tree li li { font-weight: normal; border-inline-start: 1px solid var(--line); padding-inline-start: .6rem; }
figure { margin: 1rem 0; }
figure > figcaption { font-size: .9rem; color: var(--muted); }

@media (max-width: 75rem) {
  .layout.with-toc { grid-template-columns: 16rem minmax(0, 1fr); }
  .layout.with-toc .sidebar { grid-row: 1 / span 2; }
  .layout.with-toc .toc { grid-column: 2; grid-row: 1; position: static; max-height: none; padding-bottom: 0; }
  .layout.with-toc main { grid-column: 2; grid-row: 2; }
}
@media (max-width: 48rem) {
  .layout, .layout.with-toc { grid-template-columns: minmax(0, 1fr); gap: 0; }
  /* As specific as the rules above, so that one column wins. */
  .layout.with-toc > :is(.sidebar, .toc, main) { grid-column: 1; grid-row: auto; }
  /* The TOC, folded, comes before the page it lists. */
  .layout > .sidebar { order: -2; }
  .layout > .toc { order: -1; }
  .sidebar, .toc { position: static; max-height: none; padding: .5rem 0; border-bottom: 1px solid var(--line); font-size: 1rem; }
  .toc-list { margin-top: .4rem; }
  .doc :is(h1, h2, h3, h4, h5, h6) { scroll-margin-top: 1rem; }
}
/* On a phone the menu and the TOC are folds, sent closed by style so that nothing moves after load;
   a button (page.ts) opens each. Without scripts nothing could open them, so they stay open. */
@media (max-width: 48rem) and (scripting: enabled) {
  .toc > h2 { display: none; }
  .fold-button { display: block; width: 100%; padding: .2rem 0; font: inherit; font-weight: 600; text-align: start;
    color: var(--fg); background: none; border: 0; cursor: pointer; }
  .fold-button::before { content: ""; display: inline-block; margin-right: .5rem; vertical-align: .1em;
    border-style: solid; border-color: transparent transparent transparent currentColor; border-width: .3rem 0 .3rem .45rem; }
  .fold-button[aria-expanded="true"]::before { transform: rotate(90deg); }
  .fold-button[aria-expanded="false"] + * { display: none; }
}
`
