import type { AttemptRow, GraphEdge, GraphInput } from '../core/views/report.js';
import type { Role } from '../core/domain/types.js';
import { bestLineage } from './best-lineage.js';
import { isDeadEnd, nodeLabelLines } from './node-label.js';
import { sortAttempts, sortEdges } from '../core/views/node-order.js';

const SHAPE: Record<Role, [string, string]> = {
  baseline: ['[', ']'],
  explorer: ['([', '])'],
  optimizer: ['{{', '}}'],
};

const ARROW: Record<GraphEdge['kind'], string> = { parent: '-->', merge: '==>', informed_by: '-.->' };

const CLASS_DEFS = [
  'classDef baseline fill:#dbeafe,stroke:#1e3a8a',
  'classDef explorer fill:#fef3c7,stroke:#92400e',
  'classDef optimizer fill:#dcfce7,stroke:#166534',
  'classDef running stroke-dasharray:2 2',
  'classDef lineage stroke:#b45309,stroke-width:3px',
  'classDef best fill:#fde047,stroke:#b45309,stroke-width:4px',
  'classDef dead fill:#f3f4f6,stroke:#9ca3af,color:#6b7280,stroke-dasharray:4 3',
];

/** Ids per `class` / `linkStyle` statement, so that huge graphs keep readable lines. */
const CHUNK = 50;

/**
 * Escapes text for a mermaid `"..."` label. Mermaid decodes `#name;` entity codes, so `#` itself
 * is encoded first; HTML-significant characters are encoded because labels render as HTML.
 */
export const mermaidText = (text: string): string =>
  text
    .replace(/#/g, '#35;')
    .replace(/"/g, '#quot;')
    .replace(/&/g, '#amp;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/`/g, '#96;')
    .replace(/\s+/g, ' ');

/** Maps attempt ids to mermaid-safe node ids (`n_` + word characters), unique and stable. */
const idMapper = (): ((id: string) => string) => {
  const assigned = new Map<string, string>();
  const taken = new Set<string>();
  return (id) => {
    const known = assigned.get(id);
    if (known !== undefined) return known;
    const base = `n_${id.replace(/\W/g, '_')}`;
    let safe = base;
    for (let suffix = 2; taken.has(safe); suffix += 1) safe = `${base}_${suffix}`;
    assigned.set(id, safe);
    taken.add(safe);
    return safe;
  };
};

const chunked = (items: readonly string[], render: (chunk: string) => string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(render(items.slice(i, i + CHUNK).join(',')));
  return out;
};

const FRONT_DEF = 'classDef front stroke:#7c3aed,stroke-width:3px';

const classesOf = (node: AttemptRow, lineage: ReadonlySet<string>, bestId: string | null, front: ReadonlySet<string>): string[] => {
  const classes: string[] = [node.role];
  if (front.has(node.id)) classes.push('front');
  if (node.status === 'running') classes.push('running');
  if (node.id === bestId) classes.push('best');
  else if (lineage.has(node.id)) classes.push('lineage');
  if (isDeadEnd(node)) classes.push('dead');
  return classes;
};

/**
 * The graph as a mermaid `flowchart TD`: shapes by role (baseline box, explorer stadium, optimizer
 * hexagon), `-->` parent, `==>` merge, `-.->` informed_by, the best lineage's edges thickened.
 */
export const graphToMermaid = (input: GraphInput): string => {
  const lineage = bestLineage(input);
  const safeId = idMapper();
  const nodes = sortAttempts(input.nodes);
  const lines = ['flowchart TD'];
  const members = new Map<string, string[]>();
  const front = new Set(input.front ?? []);

  for (const node of nodes) {
    const [open, close] = SHAPE[node.role];
    const label = nodeLabelLines(node).map(mermaidText).join('<br/>');
    const id = safeId(node.id);
    lines.push(`  ${id}${open}"${label}"${close}`);
    for (const name of classesOf(node, lineage, input.bestId, front)) {
      const list = members.get(name);
      if (list) list.push(id);
      else members.set(name, [id]);
    }
  }

  const lineageLinks: string[] = [];
  sortEdges(input.edges, nodes).forEach((edge, index) => {
    lines.push(`  ${safeId(edge.from)} ${ARROW[edge.kind]} ${safeId(edge.to)}`);
    if (edge.kind !== 'informed_by' && lineage.has(edge.from) && lineage.has(edge.to)) lineageLinks.push(String(index));
  });

  // The front's class only where there is a front: a one-objective graph reads as before.
  const defs = front.size > 0 ? [...CLASS_DEFS, FRONT_DEF] : CLASS_DEFS;
  for (const def of defs) lines.push(`  ${def}`);
  for (const def of defs) {
    const name = def.split(' ')[1] ?? '';
    lines.push(...chunked(members.get(name) ?? [], (ids) => `  class ${ids} ${name}`));
  }
  lines.push(...chunked(lineageLinks, (indices) => `  linkStyle ${indices} stroke:#b45309,stroke-width:3px`));
  return `${lines.join('\n')}\n`;
};
