import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The document readers a person's tools would use, run as real processes (Debian's poppler-utils
 * and zbar-tools; .ci/run installs them): what a PDF shows as text, which fonts it embeds, and
 * what a scanner reads from its picture.
 */
const run = promisify(execFile);

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tillbook-pdf-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as pdftotext extracts it (`-layout` keeps each printed row on its line). */
export function pdfToText(pdf: Buffer, { layout = true } = {}): Promise<string> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']);
    return stdout;
  });
}

export type PdfWord = { text: string; xMin: number; xMax: number; yMin: number; yMax: number };

/** The page size and every word with its box in points, from `pdftotext -bbox`. */
export function pdfWords(pdf: Buffer): Promise<{ width: number; height: number; words: PdfWord[] }> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']);
    const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(stdout);
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    const words = [...stdout.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5]!.replace(/&(\w+);/g, (all, name: string) => entities[name] ?? all),
    }));
    return { width: Number(page?.[1]), height: Number(page?.[2]), words };
  });
}

/** The fonts a PDF uses as pdffonts lists them: name and whether it is embedded. */
export function pdfFonts(pdf: Buffer): Promise<Array<{ name: string; isEmbedded: boolean }>> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdffonts', [file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        // name … emb sub uni object ID: "emb" is the fifth column from the end.
        return { name: columns[0]!, isEmbedded: columns.at(-5) === 'yes' };
      });
  });
}

/** What zbarimg reads from a picture: "CODE-128:MAIN-000042" per symbol; none found is an empty list. */
async function scan(files: string[]): Promise<string[]> {
  try {
    const { stdout } = await run('zbarimg', ['-q', ...files]);
    return stdout.split('\n').filter(Boolean);
  } catch (err) {
    // zbarimg exits with 4 when it finds no symbol.
    if ((err as { code?: number }).code === 4) return [];
    throw err;
  }
}

/** Barcodes read from a PNG, JPEG or other picture. */
export function imageBarcodes(picture: Buffer): Promise<string[]> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'picture');
    await writeFile(file, picture);
    return scan([file]);
  });
}

/** Barcodes read from a PDF's pages rendered at 300 dpi by pdftoppm, as a printer would put them on paper. */
export function pdfBarcodes(pdf: Buffer): Promise<string[]> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-r', '300', '-gray', '-png', file, path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    return scan(pages.map((name) => path.join(dir, name)));
  });
}
