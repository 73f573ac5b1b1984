/** Pixels a PNG may hold at most (about 160 MB of RGBA while it is rendered). */
const MAX_PIXELS = 40_000_000;
/** Small pictures are rendered at twice their size so that text stays sharp. */
const MAX_ZOOM = 2;

const SIZE = /<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/;

/** The zoom that keeps a `width` x `height` picture under the pixel limit (at most 2x). */
export const pngZoom = (width: number, height: number): number =>
  Math.min(MAX_ZOOM, Math.sqrt(MAX_PIXELS / Math.max(1, width * height)));

/**
 * Renders an SVG to PNG with resvg (@resvg/resvg-js, a prebuilt native module installed as an
 * optional npm dependency), on a white background with the system's sans-serif font. Imported on
 * first use so that other commands never load it.
 */
export const svgToPng = async (svg: string): Promise<Buffer> => {
  const { Resvg } = await import('@resvg/resvg-js');
  const size = SIZE.exec(svg);
  const zoom = size ? pngZoom(Number(size[1]), Number(size[2])) : 1;
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: true, sansSerifFamily: 'DejaVu Sans', defaultFontFamily: 'DejaVu Sans' },
    logLevel: 'off',
  });
  return resvg.render().asPng();
};
