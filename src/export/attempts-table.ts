import type { AttemptRow } from '../core/views/report.js';
import { formatScore } from '../core/domain/score.js';
import { isDeadEnd } from './node-label.js';
import { sortAttempts } from '../core/views/node-order.js';
import { escapeXml } from './svg-text.js';

const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

interface Column {
  title: string;
  numeric?: boolean;
  /** The text shown; `sort` overrides the value the column sorts by. */
  cell: (row: AttemptRow) => string;
  sort?: (row: AttemptRow) => number | null;
}

const columns = (metric: string): Column[] => [
  { title: 'id', cell: (r) => r.id },
  { title: 'wave', numeric: true, cell: (r) => String(r.wave), sort: (r) => r.wave },
  { title: 'role', cell: (r) => r.role },
  { title: 'operator', cell: (r) => r.operator },
  { title: 'parents', cell: (r) => r.parents.join(', ') || '—' },
  { title: 'status', cell: (r) => (r.status === 'running' ? `running (${r.phase})` : r.status) },
  { title: metric, numeric: true, cell: (r) => formatScore(r.status === 'scored' ? r.score : null), sort: (r) => (r.status === 'scored' ? r.score : null) },
  { title: 'time', numeric: true, cell: (r) => seconds(r.durationMs), sort: (r) => r.durationMs },
  { title: 'cost', numeric: true, cell: (r) => (r.costUsd > 0 ? `$${r.costUsd.toFixed(4)}` : '—'), sort: (r) => r.costUsd },
  { title: 'flags', cell: (r) => r.flags.join(', ') },
  { title: 'hypothesis / reason', cell: (r) => [r.hypothesis, isDeadEnd(r) ? r.reason : null].filter((t): t is string => t !== null && t !== '').join(' — ') },
];

/** Every metric the evaluations reported, per attempt: a column each in the table. */
export interface AttemptMetrics {
  names: string[];
  byId: Record<string, Record<string, number>>;
}

/**
 * Every attempt as an HTML table (report order), with the best attempt's row marked and dead ends
 * greyed. Numeric cells carry `data-sort` so that the page's script can sort by them.
 */
export const attemptsTable = (attempts: readonly AttemptRow[], metric: string, bestId: string | null, front: readonly string[] = [], metrics: AttemptMetrics | null = null): string => {
  const onFront = new Set(front);
  const extra: Column[] = (metrics?.names ?? []).map((name) => ({
    title: name,
    numeric: true,
    cell: (r) => formatScore(metrics?.byId[r.id]?.[name] ?? null),
    sort: (r) => metrics?.byId[r.id]?.[name] ?? null,
  }));
  const all = columns(metric);
  // The secondary metrics sit right after the primary score.
  const at = all.findIndex((c) => c.title === metric) + 1;
  const cols = [...all.slice(0, at), ...extra, ...all.slice(at)];
  const head = cols.map((c) => `<th${c.numeric ? ' class="num"' : ''}>${escapeXml(c.title)}</th>`).join('');
  const body = sortAttempts(attempts).map((row) => {
    const cls = row.id === bestId ? ' class="best"' : onFront.has(row.id) ? ' class="front"' : isDeadEnd(row) ? ' class="dead"' : '';
    const cells = cols.map((c) => {
      const sortValue = c.sort?.(row);
      const data = sortValue === undefined ? '' : ` data-sort="${sortValue ?? ''}"`;
      return `<td${c.numeric ? ' class="num"' : ''}${data}>${escapeXml(c.cell(row))}</td>`;
    });
    return `<tr${cls}${onFront.has(row.id) ? ' data-front="true"' : ''} data-status="${row.status}" data-role="${row.role}">${cells.join('')}</tr>`;
  });
  return `<table class="attempts"><thead><tr>${head}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table>`;
};

// Click a header to sort by it (again to reverse); numbers sort by data-sort, empty last.
export const TABLE_SCRIPT = `
document.querySelectorAll('table.attempts').forEach(function (table) {
  table.querySelectorAll('th').forEach(function (th, index) {
    var ascending = true;
    th.style.cursor = 'pointer';
    th.addEventListener('click', function () {
      var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
      var key = function (row) { var cell = row.cells[index]; var s = cell.getAttribute('data-sort');
        return s === null ? cell.textContent : (s === '' ? null : parseFloat(s)); };
      rows.sort(function (a, b) { var x = key(a), y = key(b);
        if (x === null) return 1; if (y === null) return -1;
        var c = typeof x === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { numeric: true });
        return ascending ? c : -c; });
      ascending = !ascending;
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
`;
