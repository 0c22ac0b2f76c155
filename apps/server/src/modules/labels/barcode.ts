import bwipjs from 'bwip-js/node';

/**
 * A label's code as bwip-js encodes it (the one barcode library of labels and receipts): the
 * variant's EAN-13, UPC-A or EAN-8, Code 128 of its SKU without one, or a QR code when asked.
 * The bars come out as module positions, drawn by the PDF as vector rectangles.
 */
export type Symbology = 'ean13' | 'upca' | 'ean8' | 'code128' | 'qrcode';
export type LabelCode = { symbology: Symbology; value: string };

/** Blank modules left and right of the bars, as each standard asks (ISO/IEC 15420, 15417); 4 around a QR code. */
export const QUIET_ZONES: Record<Symbology, [number, number]> = {
  ean13: [11, 7],
  upca: [9, 9],
  ean8: [7, 7],
  code128: [10, 10],
  qrcode: [4, 4],
};

/** Bars as [start, width] in modules from the left edge of the quiet zone; `modules` includes both quiet zones. */
export type LinearSymbol = { kind: 'linear'; bars: Array<[number, number]>; modules: number };
/** Dark runs as [x, y, width] in modules from the quiet zone's corner; `modules` is the side with the quiet zone. */
export type MatrixSymbol = { kind: 'matrix'; runs: Array<[number, number, number]>; modules: number };
export type LabelSymbol = LinearSymbol | MatrixSymbol;

type Raw = { sbs?: number[]; pixs?: number[]; pixx?: number; pixy?: number };

function linear(widths: number[], [left, right]: [number, number]): LinearSymbol {
  const bars: Array<[number, number]> = [];
  let x = left;
  // Bar, space, bar, space…: the even entries are bars.
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { kind: 'linear', bars, modules: x + right };
}

function matrix(raw: Raw, quiet: number): MatrixSymbol {
  const width = raw.pixx ?? 0;
  const height = raw.pixy ?? 0;
  const pixels = raw.pixs ?? [];
  const runs: Array<[number, number, number]> = [];
  for (let y = 0; y < height; y += 1) {
    let start = -1;
    for (let x = 0; x <= width; x += 1) {
      const dark = x < width && pixels[y * width + x] === 1;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push([quiet + start, quiet + y, x - start]);
        start = -1;
      }
    }
  }
  return { kind: 'matrix', runs, modules: Math.max(width, height) + 2 * quiet };
}

/** The code's symbol, or null when bwip-js cannot encode the value. */
export function labelSymbol(code: LabelCode): LabelSymbol | null {
  let raw: Raw | undefined;
  try {
    raw = (bwipjs.raw(code.symbology, code.value, {}) as Raw[])[0];
  } catch {
    return null;
  }
  if (!raw) return null;
  const quiet = QUIET_ZONES[code.symbology];
  if (code.symbology === 'qrcode') return raw.pixs ? matrix(raw, quiet[0]) : null;
  return raw.sbs && raw.sbs.length > 0 ? linear(raw.sbs, quiet) : null;
}
