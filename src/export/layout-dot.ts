import { SwarmError } from '../core/domain/errors.js';

/** An SVG drawn by Graphviz, its root element's width and height (in its own user units) and body. */
export interface LaidOutSvg {
  width: number;
  height: number;
  /** Everything inside Graphviz's root `<svg>`: the `graph0` group with nodes and edges. */
  body: string;
}

const VIEWBOX = /<svg\b[^>]*\bviewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"[^>]*>/;

/** Splits Graphviz's SVG into its size and its body, so that a picture can place it below a header. */
export const splitGraphvizSvg = (svg: string): LaidOutSvg => {
  const open = VIEWBOX.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (!open || close < 0) throw new SwarmError('INTERNAL', 'Graphviz returned an SVG without a viewBox; this is a bug in swarm\'s export, please report it');
  return { width: Number(open[3]), height: Number(open[4]), body: svg.slice(open.index + open[0].length, close) };
};

/**
 * Lays out DOT with Graphviz (`dot` engine, compiled to WebAssembly by @viz-js/viz) and returns
 * its SVG split for placement. The library is imported here, on first use, so that commands that
 * draw nothing never load its 1.5 MB of WebAssembly.
 */
export const layoutDot = async (dot: string): Promise<LaidOutSvg> => {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  const result = viz.render(dot, { format: 'svg', engine: 'dot' });
  if (result.status !== 'success') {
    const messages = result.errors.map((error) => error.message).join('; ');
    throw new SwarmError('INTERNAL', `Graphviz could not lay out the graph (${messages}); this is a bug in swarm's DOT export, please report it`);
  }
  return splitGraphvizSvg(result.output);
};
