import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Fails the test with the parser's message when `xml` is not well-formed. */
export const expectValidXml = (xml: string): void => {
  const result = XMLValidator.validate(xml);
  expect(result === true ? 'valid' : JSON.stringify(result.err)).toBe('valid');
};

/** How many elements carry exactly `class="<name>"` (Graphviz marks nodes and edges so). */
export const countClass = (svg: string, name: string): number => svg.split(`class="${name}"`).length - 1;

/** Every text content in the document, decoded, in document order (parsed, not matched). */
export const textsOf = (svg: string): string[] => {
  const parser = new XMLParser({ ignoreAttributes: true, preserveOrder: true, htmlEntities: true, trimValues: false, processEntities: true });
  const out: string[] = [];
  const walk = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (typeof item !== 'object' || item === null) continue;
      for (const [key, value] of Object.entries(item)) {
        if (key === 'text') {
          const parts: string[] = [];
          if (Array.isArray(value)) for (const part of value) if (typeof part === 'object' && part !== null && '#text' in part) parts.push(String(part['#text']));
          out.push(parts.join(''));
        } else walk(value);
      }
    }
  };
  walk(parser.parse(svg));
  return out;
};

/** Width and height from a PNG's IHDR chunk. */
export const pngSize = (png: Uint8Array): { width: number; height: number } => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};
