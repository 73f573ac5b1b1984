import type { GraphInput } from '../core/views/report.js';
import { htmlDocument, pictureSection } from './html-page.js';
import { escapeXml } from './svg-text.js';
import { renderTreeSvg } from './tree-svg.js';

/** `swarm graph --format html`: the tree picture in a self-contained page with zoom buttons. */
export const renderTreePage = async (input: GraphInput): Promise<string> => {
  const title = `swarm run ${input.run.id}: evolution tree`;
  const svg = await renderTreeSvg(input);
  return htmlDocument(title, `<h1>${escapeXml(title)}</h1>\n${pictureSection(svg)}`);
};
