import type { Role } from '../core/domain/types.js';

/** Shapes and fills per role, shared by the DOT export and the legend of the pictures. */
export const ROLE_STYLE: Record<Role, { shape: string; fill: string }> = {
  baseline: { shape: 'box', fill: '#dbeafe' },
  explorer: { shape: 'ellipse', fill: '#fef3c7' },
  optimizer: { shape: 'hexagon', fill: '#dcfce7' },
};

/** Strokes for points and markers of each role in plots (darker than the node fills). */
export const ROLE_INK: Record<Role, string> = { baseline: '#1d4ed8', explorer: '#d97706', optimizer: '#15803d' };

export const LINEAGE_COLOR = '#b45309';
export const BEST_FILL = '#fde047';
export const DEAD_FILL = '#f3f4f6';
export const DEAD_LINE = '#9ca3af';
export const INFORMED_COLOR = '#6b7280';
