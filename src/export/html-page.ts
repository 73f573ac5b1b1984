import { escapeXml } from './svg-text.js';

const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #111827; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; }
p.meta { color: #4b5563; margin: 0 0 12px; }
.picture { overflow: auto; border: 1px solid #e5e7eb; max-height: 85vh; }
.picture svg { display: block; }
.zoom button { font-size: 13px; margin-right: 4px; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border-bottom: 1px solid #e5e7eb; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f9fafb; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.dead td { color: #9ca3af; } tr.best td { font-weight: bold; background: #fef9c3; } tr.front td { background: #ede9fe; }
`;

// Zoom buttons scale every picture's SVG from its own width; no library, no network.
const ZOOM_SCRIPT = `
document.querySelectorAll('.zoomable').forEach(function (box) {
  var svg = box.querySelector('.picture svg'); if (!svg) return;
  var base = parseFloat(svg.getAttribute('width')) || svg.getBoundingClientRect().width, scale = 1;
  var apply = function () { svg.style.width = (base * scale) + 'px'; svg.style.height = 'auto'; };
  box.querySelectorAll('button[data-zoom]').forEach(function (button) {
    button.addEventListener('click', function () {
      var z = button.getAttribute('data-zoom');
      scale = z === 'fit' ? Math.min(1, box.querySelector('.picture').clientWidth / base) : z === '1' ? 1 : scale * parseFloat(z);
      apply();
    });
  });
});
`;

/** An SVG document without its XML prolog, ready to inline into HTML. */
export const inlineSvg = (svg: string): string => svg.replace(/^<\?xml[^>]*\?>\s*/, '');

/** A zoomable picture section: zoom buttons above a scrolling box. */
export const pictureSection = (svg: string): string =>
  `<div class="zoomable"><div class="zoom"><button data-zoom="1.25">zoom in</button><button data-zoom="0.8">zoom out</button>` +
  `<button data-zoom="fit">fit</button><button data-zoom="1">100%</button></div><div class="picture">${inlineSvg(svg)}</div></div>`;

/**
 * One self-contained HTML document: inline CSS and script, no external resource of any kind, so
 * that it opens offline and can be attached to an issue or a paper.
 */
export const htmlDocument = (title: string, body: string, script = ''): string =>
  [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Forbids every request leaving the page, even if a user's text slipped through escaping.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    body,
    `<script>${ZOOM_SCRIPT}${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
