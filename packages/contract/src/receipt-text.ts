/**
 * Text measured the way a receipt printer (and the receipt's PDF) lays it out: in character cells
 * of a monospace font. One cell per character as the reader sees it (a grapheme: "é" written as
 * e + accent is one), two for the wide characters of Chinese, Japanese and Korean and for emoji,
 * as terminals and printers draw them. Counting UTF-16 units instead would count an emoji twice
 * and could cut it in half.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// East Asian Wide and Fullwidth ranges (Unicode UAX #11) and emoji drawn as pictures.
const WIDE =
  /[\u{1100}-\u{115F}\u{2E80}-\u{303E}\u{3041}-\u{33FF}\u{3400}-\u{4DBF}\u{4E00}-\u{9FFF}\u{A000}-\u{A4CF}\u{AC00}-\u{D7A3}\u{F900}-\u{FAFF}\u{FE30}-\u{FE4F}\u{FF00}-\u{FF60}\u{FFE0}-\u{FFE6}\u{20000}-\u{3FFFD}\p{Emoji_Presentation}\u{FE0F}]/u;

/** The characters of `text` as a reader sees them. */
export function graphemesOf(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Cells one grapheme takes: 2 when wide, else 1. */
export function graphemeCells(grapheme: string): number {
  return WIDE.test(grapheme) ? 2 : 1;
}

/** Cells `text` takes on a receipt. */
export function textCells(text: string): number {
  let cells = 0;
  for (const grapheme of graphemesOf(text)) cells += graphemeCells(grapheme);
  return cells;
}

/** The longest start of `text` that fits in `cells`, never splitting a character. */
export function takeCells(text: string, cells: number): string {
  let taken = '';
  let used = 0;
  for (const grapheme of graphemesOf(text)) {
    const width = graphemeCells(grapheme);
    if (used + width > cells) break;
    taken += grapheme;
    used += width;
  }
  return taken;
}

/** `text` followed by spaces up to `cells`. */
export function padCells(text: string, cells: number): string {
  return text + ' '.repeat(Math.max(0, cells - textCells(text)));
}

/**
 * Splits text on its own lines, then wraps each at `width` cells on spaces; a word too long for a
 * line is broken. Lines after the first of each paragraph start `indent` spaces in (a hanging
 * indent, so a wrapped item name reads as one item).
 */
export function wrapCells(text: string, width: number, indent = 0): string[] {
  const size = Math.max(1, width);
  const hang = Math.min(Math.max(0, indent), size - 1);
  return text.split(/\r?\n/).flatMap((line) => {
    const out: string[] = [];
    const limit = () => (out.length === 0 ? size : size - hang);
    let current = '';
    for (const word of line.split(/\s+/).filter(Boolean)) {
      if (!current) current = word;
      else if (textCells(current) + 1 + textCells(word) <= limit()) current += ` ${word}`;
      else {
        out.push(current);
        current = word;
      }
      while (textCells(current) > limit()) {
        const head = takeCells(current, limit()) || (graphemesOf(current)[0] ?? '');
        out.push(head);
        current = current.slice(head.length);
      }
    }
    out.push(current);
    return out.map((part, index) => (index === 0 ? part : ' '.repeat(hang) + part));
  });
}

/** Each line of `text` wrapped at the width and centred. */
export function centredLines(text: string, width: number): string[] {
  return wrapCells(text, width).map((line) => ' '.repeat(Math.max(0, Math.floor((width - textCells(line)) / 2))) + line);
}

/** Below this many cells beside an amount, a name goes on its own rows above the amount. */
const MIN_NAME_CELLS = 8;

/**
 * Left text and right text (an amount): the left wraps in the room the right leaves and the right
 * ends the last row, flush with the paper's edge. Nothing is cut off and nothing passes the width.
 */
export function amountLines(left: string, right: string, width: number): string[] {
  const lead = /^ */.exec(left)?.[0] ?? '';
  const name = left.slice(lead.length);
  const rightCells = textCells(right);
  const room = width - rightCells - 1 - lead.length;
  if (room < MIN_NAME_CELLS) {
    const above = wrapCells(name, width - lead.length, 2).map((line) => lead + line);
    return [...above, ...wrapCells(right, width).map((part) => ' '.repeat(Math.max(0, width - textCells(part))) + part)];
  }
  const lines = wrapCells(name, room, 2).map((line) => lead + line);
  const last = lines.pop() ?? '';
  return [...lines, padCells(last, width - rightCells) + right];
}
