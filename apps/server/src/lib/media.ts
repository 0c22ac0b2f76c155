import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { imageLimits, thumbnailStemOf, thumbnailUrlOf } from '@tillbook/contract';
import sharp from 'sharp';
import { AppError } from './errors.ts';

/** Images people upload (product photos, the shop's logo) live in DATA_DIR/media, served at /media/. */
export const MEDIA_URL_PREFIX = '/media/';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const imageSignatures: Array<{ ext: string; mime: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { ext: 'gif', mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
];

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function mediaUrl(fileName: string): string {
  return `${MEDIA_URL_PREFIX}${fileName}`;
}

/** `x.png` → `x.thumb.webp`, beside the original in the media folder. */
export function thumbnailFileName(fileName: string): string {
  return thumbnailUrlOf(fileName);
}

/** A decoder that refuses, before decoding, any picture larger than the limits allow. */
function decoder(input: Buffer | string) {
  return sharp(input, { limitInputPixels: imageLimits.maxPixels, failOn: 'error', animated: false });
}

/** A small WebP of the image (EXIF orientation applied) for lists and galleries. */
async function makeThumbnail(input: Buffer | string): Promise<Buffer> {
  return decoder(input)
    .rotate()
    .resize(imageLimits.thumbnailSide, imageLimits.thumbnailSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Writes through a temporary name, so a reader never gets half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

/**
 * Makes the thumbnail `x.thumb.webp` when it is missing and its original `x.png` (or .jpg, .webp,
 * .gif) exists: images stored before thumbnails existed get theirs on first request. False when
 * there is nothing to make it from (or the original cannot be read within the limits).
 */
export async function ensureThumbnail(dir: string, thumbnail: string): Promise<boolean> {
  const stem = thumbnailStemOf(thumbnail);
  if (!stem || !isPlainFileName(thumbnail)) return false;
  const target = path.join(dir, thumbnail);
  if (await exists(target)) return true;
  for (const ext of ['png', 'jpg', 'webp', 'gif']) {
    const original = path.join(dir, `${stem}.${ext}`);
    if (!(await exists(original))) continue;
    try {
      await writeAtomically(target, await makeThumbnail(original));
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function isPlainFileName(fileName: string): boolean {
  return !fileName.includes('/') && !fileName.includes('\\') && !fileName.startsWith('.');
}

/** Reads the picture's size from its header, then decodes it whole; a 422 naming the field when either fails. */
async function checkPicture(buffer: Buffer, field: string): Promise<Buffer> {
  const unreadable = AppError.validation({ [field]: [`The ${field} could not be read as an image.`] });
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(buffer, { limitInputPixels: false, animated: false }).metadata());
  } catch {
    throw unreadable;
  }
  if (!width || !height) throw unreadable;
  if (width > imageLimits.maxSide || height > imageLimits.maxSide || width * height > imageLimits.maxPixels) {
    const megapixels = imageLimits.maxPixels / 1_000_000;
    throw AppError.validation({
      [field]: [
        `The ${field} may be at most ${imageLimits.maxSide} × ${imageLimits.maxSide} pixels and ${megapixels} megapixels; this one is ${width} × ${height}.`,
      ],
    });
  }
  try {
    return await makeThumbnail(buffer);
  } catch {
    throw unreadable;
  }
}

/**
 * Stores an uploaded image after checking what it really is (its first bytes, not the name the
 * browser gave), its size in bytes and, decoded, in pixels; its thumbnail is stored beside it.
 * SVG is refused: it can carry scripts.
 */
export async function saveImage(dataDir: string, file: MultipartFile | undefined, field = 'image'): Promise<{ fileName: string; mime: string; bytes: number }> {
  if (!file) throw AppError.validation({ [field]: [`The ${field} field is required.`] });
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    throw AppError.validation({ [field]: [`The ${field} may not be larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`] });
  }
  if (file.file.truncated || buffer.length > MAX_IMAGE_BYTES) {
    throw AppError.validation({ [field]: [`The ${field} may not be larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`] });
  }
  const kind = imageSignatures.find((s) => s.test(buffer));
  if (!kind) throw AppError.validation({ [field]: [`The ${field} must be a PNG, JPEG, WebP or GIF image.`] });
  const thumbnail = await checkPicture(buffer, field);
  const dir = mediaDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, fileName), buffer);
  await writeAtomically(path.join(dir, thumbnailFileName(fileName)), thumbnail);
  return { fileName, mime: kind.mime, bytes: buffer.length };
}

export async function deleteMedia(dataDir: string, fileName: string): Promise<void> {
  // Names are ours (saveImage), but never follow a path out of the media folder.
  if (!isPlainFileName(fileName)) return;
  await fs.rm(path.join(mediaDir(dataDir), fileName), { force: true });
  await fs.rm(path.join(mediaDir(dataDir), thumbnailFileName(fileName)), { force: true });
}
