import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { graphemeCells, graphemesOf } from '@tillbook/contract';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';

/**
 * Every PDF the server makes starts here, so each one embeds the same Unicode fonts (DejaVu Sans
 * and DejaVu Sans Mono, regular and bold). pdfkit's built-in fonts (Helvetica, Courier) know only
 * Latin-1 and print Cyrillic, Greek, curly quotes or "€" as garbage.
 */
export type PdfFont = 'sans' | 'sans-bold' | 'mono' | 'mono-bold';

const fontFiles: Record<PdfFont, string> = {
  sans: 'DejaVuSans.ttf',
  'sans-bold': 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
  'mono-bold': 'DejaVuSansMono-Bold.ttf',
};

/** A glyph of DejaVu Sans Mono's width is 1233/2048 of the font size: one cell of a receipt. */
export const MONO_ADVANCE = 1233 / 2048;

/** Printed for a character the font has no glyph for (Chinese, Japanese, emoji): visible, never dropped. */
export const MISSING_GLYPH = '□';

const require = createRequire(import.meta.url);
const fontData = new Map<PdfFont, Buffer>();

function fontDataOf(font: PdfFont): Buffer {
  let data = fontData.get(font);
  if (!data) {
    data = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${fontFiles[font]}`));
    fontData.set(font, data);
  }
  return data;
}

export type PdfBuild = { doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> };

/** A new document with the shop's fonts registered and DejaVu Sans chosen; `finish()` ends it and gives its bytes. */
export function createPdf(options: PDFKit.PDFDocumentOptions): PdfBuild {
  // No built-in font is loaded at all (`font: ''`): nothing can fall back to Latin-1 Helvetica.
  const doc = new PDFDocument({ ...options, font: '' });
  for (const font of Object.keys(fontFiles) as PdfFont[]) doc.registerFont(font, fontDataOf(font));
  doc.font('sans');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}

/** The parsed font (fontkit) behind the document's current font; pdfkit keeps it on its embedded font. */
type GlyphSource = { hasGlyphForCodePoint(codePoint: number): boolean };
function currentFontOf(doc: PDFKit.PDFDocument): GlyphSource {
  const font = (doc as unknown as { _font?: { font?: GlyphSource } })._font?.font;
  if (!font) throw new Error('The PDF has no embedded font selected');
  return font;
}

// Characters that show nothing themselves: joiners, variation selectors, bidi marks, soft hyphen.
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}]$/u;
const SPACE = /^\p{Zs}$/u;

/**
 * `text` as the document's current font can print it: each character it has no glyph for becomes
 * {@link MISSING_GLYPH} (one per character as a reader sees it, so 👨‍👩‍👧 is one box), a space it
 * lacks becomes a plain space, and invisible marks it lacks are left out. With `keepCells`, a wide
 * character's box is followed by a space so monospace columns (a receipt's amounts) stay aligned.
 */
export function printableText(doc: PDFKit.PDFDocument, text: string, { keepCells = false } = {}): string {
  const font = currentFontOf(doc);
  const has = (char: string) => font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  let out = '';
  for (const grapheme of graphemesOf(text.normalize('NFC'))) {
    const chars = Array.from(grapheme);
    if (chars.every(has)) {
      out += grapheme;
      continue;
    }
    const visible = chars.filter((char) => !INVISIBLE.test(char));
    if (visible.length > 0 && visible.every(has)) out += visible.join('');
    else if (visible.length === 1 && SPACE.test(visible[0]!)) out += ' ';
    else if (visible.length > 0) out += MISSING_GLYPH + (keepCells ? ' '.repeat(graphemeCells(grapheme) - 1) : '');
  }
  return out;
}

/** Answers with a PDF the browser saves as `fileName` (a receipt, a purchase order); never cached. */
export function sendPdf(reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
