/**
 * Code 128 (ISO/IEC 15417), code set B, for the order number printed on a receipt: a scanner at
 * the refund screen reads it back. Code set B covers printable ASCII, which order numbers are.
 */

/** Bar, space, bar, space, bar, space widths in modules of symbol values 0–105; 106 is stop. */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const START_B = 104;
const STOP = 106;
/** Blank modules a scanner needs on each side of the bars. */
export const CODE128_QUIET_ZONE = 10;

/** Symbol values of `text` in code set B with its check symbol; null when a character is outside it. */
export function code128Values(text: string): number[] | null {
  if (!text) return null;
  const values = [START_B];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length !== 1 || code < 32 || code > 126) return null;
    values.push(code - 32);
  }
  const checksum = values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
  return [...values, checksum, STOP];
}

/** The bars of `text` as [start, width] in modules from the left quiet zone's edge; null when not encodable. */
export function code128Bars(text: string): { bars: Array<[number, number]>; modules: number } | null {
  const values = code128Values(text);
  if (!values) return null;
  const bars: Array<[number, number]> = [];
  let x = CODE128_QUIET_ZONE;
  for (const value of values) {
    Array.from(PATTERNS[value]!, Number).forEach((width, index) => {
      if (index % 2 === 0) bars.push([x, width]);
      x += width;
    });
  }
  return { bars, modules: x + CODE128_QUIET_ZONE };
}
