import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
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

/**
 * Stores an uploaded image after checking what it really is (its first bytes, not the name the
 * browser gave) and its size. SVG is refused: it can carry scripts.
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
  const dir = mediaDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, fileName), buffer);
  return { fileName, mime: kind.mime, bytes: buffer.length };
}

export async function deleteMedia(dataDir: string, fileName: string): Promise<void> {
  // Names are ours (saveImage), but never follow a path out of the media folder.
  if (fileName.includes('/') || fileName.includes('\\') || fileName.startsWith('.')) return;
  await fs.rm(path.join(mediaDir(dataDir), fileName), { force: true });
}
