// The preview's header: the brand, the search box and its panel, the version and language
// switchers and the drafts toggle; sticky above the page on a wide screen, short on a phone.
// Appended to style.ts, whose custom properties it uses.
export const HEADER_STYLE = String.raw`
.top { position: sticky; top: 0; z-index: 20; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem;
  min-height: var(--header); padding: .5rem 1rem; background: var(--bg); border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; color: var(--fg); text-decoration: none; margin-inline-end: auto; }
.search { position: relative; flex: 1 1 16rem; max-width: 28rem; }
.search input { width: 100%; padding-block: .4rem; padding-inline: .7rem 2rem; font: inherit; color: inherit; background: var(--soft);
  border: 1px solid var(--line); border-radius: .4rem; }
.search-key { position: absolute; inset-inline-end: .5rem; top: 50%; translate: 0 -50%; padding: 0 .35rem; font: .8rem/1.4 ui-monospace, Menlo, Consolas, monospace;
  color: var(--muted); border: 1px solid var(--line); border-radius: .25rem; pointer-events: none; }
/* A touch screen has no key to press; typed text has the field's own clear button there. */
@media (hover: none), (pointer: coarse) { .search-key { display: none; } }
.search input:not(:placeholder-shown) + .search-key { display: none; }
.search-panel { position: absolute; inset-inline: 0; top: calc(100% + .3rem); max-height: 70vh; overflow: auto;
  background: var(--bg); border: 1px solid var(--line); border-radius: .4rem; box-shadow: 0 8px 24px #0003; padding: .5rem; }
.search-panel ul { list-style: none; margin: 0; padding: 0; }
.search-panel li { padding: .4rem .5rem; border-radius: .3rem; cursor: pointer; }
.search-panel li[aria-selected="true"] { background: var(--soft); outline: 1px solid var(--accent); }
.search-panel .hit-title { color: var(--accent); font-weight: 600; }
.facets { display: flex; flex-wrap: wrap; gap: .3rem; margin-bottom: .4rem; }
.facets button, .facets a { font: inherit; font-size: .8rem; padding: .1rem .5rem; border: 1px solid var(--line);
  border-radius: 1rem; background: var(--soft); color: inherit; text-decoration: none; cursor: pointer; }
.facets [aria-pressed="true"], .facets [aria-current="true"] { border-color: var(--accent); color: var(--accent); }
.search-status { margin: .3rem .5rem 0; font-size: .85rem; color: var(--muted); }
.search-status:empty { display: none; }
.locales > ul { display: flex; gap: .6rem; list-style: none; margin: 0; padding: 0; }
.locales > ul a[aria-current] { font-weight: 700; color: var(--fg); text-decoration: none; }
/* The version switcher, and the language switcher of a site with many locales: a disclosure whose
   links drop below the header, so that it works without JavaScript and the header keeps one line. */
details.menu { position: relative; }
.menu summary { cursor: pointer; list-style: none; white-space: nowrap; padding: .2rem .5rem; border: 1px solid var(--line); border-radius: .4rem; background: var(--soft); }
.menu summary::-webkit-details-marker { display: none; }
.menu summary::after { content: "▾"; margin-inline-start: .35rem; color: var(--muted); }
.menu-icon { vertical-align: -.15em; margin-inline-end: .35rem; color: var(--muted); }
.menu ul { position: absolute; inset-inline-start: 0; top: calc(100% + .3rem); z-index: 25; width: max-content; max-width: min(24rem, 90vw);
  max-height: calc(100vh - var(--header-height) - 1rem); overflow-y: auto; list-style: none; margin: 0; padding: .3rem;
  background: var(--bg); border: 1px solid var(--line); border-radius: .4rem; box-shadow: 0 8px 24px #0003; }
/* Toward the header's end: its list opens back across the header rather than past the window's edge. */
.locales .menu ul { inset-inline: auto 0; }
.menu a { display: block; padding: .3rem .5rem; border-radius: .3rem; color: var(--fg); text-decoration: none; }
.menu a:hover { background: var(--soft); }
.menu a[aria-current] { font-weight: 700; color: var(--accent); }
.version-status { font-size: .8rem; font-weight: normal; color: var(--muted); }
.drafts button { font: inherit; font-size: .9rem; padding: .25rem .6rem; border: 1px solid var(--line); border-radius: .4rem;
  background: var(--soft); color: inherit; cursor: pointer; }
.drafts button[aria-pressed="true"] { border-color: var(--warn-line); background: var(--warn-bg); }

@media (max-width: 48rem) {
  /* A short header: the brand and search on one line, the links below in smaller type. */
  .top { position: relative; gap: .3rem .6rem; padding: .4rem .75rem; }
  .top > :is(.versions, .locales, .releases-link, .drafts) { font-size: .8rem; }
  .locales > ul { gap: .5rem; }
  .drafts button { font-size: .8rem; padding: .1rem .4rem; }
  .brand { margin-right: 0; }
  .search { position: static; flex: 1 1 10rem; max-width: none; }
  /* The open list spans the header, under it, in type large enough to tap. */
  .top details.menu { position: static; }
  .top .menu ul { inset-inline: .5rem; top: 100%; width: auto; max-width: none; max-height: 70vh; font-size: 1rem;
    display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
}
`
