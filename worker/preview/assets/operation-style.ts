// The API reference's look (render/operation.ts, operation-body.ts): method badges in the page's head and
// the sidebar, the head itself, and the schema folds. The badges are white on a solid colour that keeps
// 4.5:1 against it (WCAG AA), so one set serves the light and the dark scheme alike.
export const OPERATION_STYLE = String.raw`
.method { --method: #5b6370; display: inline-block; min-width: 3.4em; padding: 0 .35em; border-radius: .3rem; background: var(--method);
  color: #fff; font: 700 .7rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; text-align: center; vertical-align: .1em; }
.method[data-method="get"] { --method: #1a7f37; }
.method[data-method="post"] { --method: #0b62c4; }
.method[data-method="put"], .method[data-method="patch"] { --method: #a85400; }
.method[data-method="delete"] { --method: #c21f2b; }
.sidebar .method { flex: none; min-width: 3.6em; font-size: .62rem; }
/* A title on two lines starts its second line under its first, not under the badge. */
.sidebar a:has(> .method) { display: inline-flex; align-items: baseline; gap: .35rem; }
.operation-head { margin: 0 0 1.5rem; }
.operation-head .request { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin: 0 0 .4rem; }
.operation-head .request .method { font-size: .9rem; padding: .1em .5em; }
.operation-head .path { font-size: 1.05rem; padding: .15em .4em; overflow-wrap: anywhere; }
.operation-head .server-url { margin: 0; color: var(--muted); overflow-wrap: anywhere; }
.badge.deprecated { border-color: var(--warn-line); background: var(--warn-bg); color: var(--fg); }
details.schema { margin: .5rem 0 1rem; }
details.schema > summary { cursor: pointer; font-weight: 600; color: var(--muted); }
details.schema[open] > summary { margin-bottom: .4rem; }
`
