import bwipjs from 'bwip-js/node';

/**
 * The order number as the Code 128 barcode the receipt template asks for: the same library
 * (bwip-js) draws it on the screen, in the receipt's PDF and in the e-mail, and a scanner at the
 * refund screen reads it back.
 */
const SYMBOLOGY = 'code128';

/** Blank modules a scanner needs on each side of the bars. */
export const QUIET_ZONE_MODULES = 10;

/** The bars as [start, width] in modules from the left edge of the quiet zone; null when bwip-js cannot encode the text. */
export function orderBarcodeBars(value: string): { bars: Array<[number, number]>; modules: number } | null {
  let symbol: { sbs: number[] } | { pixs: number[] } | undefined;
  try {
    symbol = bwipjs.raw(SYMBOLOGY, value, {})[0];
  } catch {
    return null;
  }
  // A linear code gives its bar and space widths; a 2D one would give pixels instead.
  const widths: number[] = symbol && 'sbs' in symbol ? symbol.sbs : [];
  if (widths.length === 0) return null;
  const bars: Array<[number, number]> = [];
  let x = QUIET_ZONE_MODULES;
  // Bar, space, bar, space…: the even entries are bars.
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, modules: x + QUIET_ZONE_MODULES };
}

/** The barcode as a PNG (black on white, 2 px a module) for an e-mail, where SVG is not shown; null when not encodable. */
export async function orderBarcodePng(value: string): Promise<Buffer | null> {
  try {
    return await bwipjs.toBuffer({
      bcid: SYMBOLOGY,
      text: value,
      scale: 2,
      height: 12,
      paddingwidth: QUIET_ZONE_MODULES,
      paddingheight: 2,
      backgroundcolor: 'FFFFFF',
    });
  } catch {
    return null;
  }
}
