import { DASHBOARD_SCRIPT } from './dashboard-script.js';

const STYLE = `
* { box-sizing: border-box; }
body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #111827; background: #f9fafb; }
header { padding: 10px 16px; background: white; border-bottom: 1px solid #e5e7eb; }
header h1 { font-size: 18px; margin: 0 0 4px; } header p { margin: 0; color: #4b5563; font-size: 13px; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 420px; gap: 12px; padding: 12px 16px; }
section { background: white; border: 1px solid #e5e7eb; border-radius: 6px; padding: 8px 10px; margin-bottom: 12px; }
section h2 { font-size: 14px; margin: 0 0 6px; }
#tree { height: 60vh; overflow: hidden; cursor: grab; position: relative; }
#tree-inner { transform-origin: 0 0; } #tree-inner svg { display: block; }
#tree g.node { cursor: pointer; }
#tree g.node.selected polygon, #tree g.node.selected ellipse, #tree g.node.selected path { stroke: #dc2626; stroke-width: 3; }
#detail pre, #detail .tail { white-space: pre-wrap; font-size: 11px; background: #f3f4f6; padding: 6px; max-height: 320px; overflow: auto; }
#detail .diff-add { color: #166534; } #detail .diff-del { color: #b91c1c; }
table { border-collapse: collapse; font-size: 12px; width: 100%; }
th, td { border-bottom: 1px solid #e5e7eb; padding: 2px 6px; text-align: left; }
th { cursor: pointer; background: #f9fafb; } td.num { text-align: right; }
tr.dead td { color: #9ca3af; } tr.best td { font-weight: bold; background: #fef9c3; }
.muted { color: #6b7280; font-size: 12px; }
#plot svg { width: 100%; height: auto; }
`;

/**
 * The dashboard page: one HTML document with its CSS and script inline; it loads nothing but the
 * server's own JSON, SVG and event stream (its Content Security Policy allows nothing else).
 */
/** A dashboard frozen at one moment (`swarm dashboard --once`): the page draws it and opens no connection. */
export interface DashboardSnapshot {
  state: unknown;
  treeSvg: string;
  plotSvg: string;
}

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment opener. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export const dashboardPage = (runId: string, snapshot: DashboardSnapshot | null = null): string => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src ${snapshot === null ? "'self'" : "'none'"}; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:">
<title>swarm dashboard · run ${runId.replace(/[^\w-]/g, '')}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1 id="title">swarm dashboard</h1><p id="summary">loading…</p><p id="budget"></p></header>
<main>
<div>
<section><h2>Evolution tree <span class="muted">(wheel to zoom, drag to pan, click a node)</span></h2><div id="tree"><div id="tree-inner"></div></div></section>
<section><h2>In flight</h2><div id="inflight" class="muted">nothing running</div></section>
<section><h2>Score</h2><div id="plot"></div></section>
<section><h2>Attempts</h2>
<label>status <select id="filter-status"><option value="">all</option><option>scored</option><option>invalid</option><option>failed</option><option>interrupted</option><option>running</option></select></label>
<label>role <select id="filter-role"><option value="">all</option><option>baseline</option><option>explorer</option><option>optimizer</option></select></label>
<table id="attempts"><thead></thead><tbody></tbody></table></section>
</div>
<div>
<section id="detail"><h2>Attempt</h2><p class="muted">click a node or a row</p></section>
<section><h2>Events</h2><div id="events" class="muted"></div></section>
</div>
</main>
${snapshot === null ? '' : `<script>window.__swarmSnapshot = ${scriptJson(snapshot)};</script>\n`}<script>${DASHBOARD_SCRIPT}</script>
</body>
</html>
`;
