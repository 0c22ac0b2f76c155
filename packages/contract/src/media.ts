/**
 * Uploaded images (product photos, the shop's logo). Limits are checked on the decoded image, not
 * on the bytes: a small file can declare an enormous picture (docs/catalogue.md, Images).
 */
export const imageLimits = {
  /** Longest side in pixels. */
  maxSide: 8000,
  /** Width × height. */
  maxPixels: 40_000_000,
  /** The thumbnail fits in a square of this side: lists, galleries and the logo, at 2× density. */
  thumbnailSide: 320,
} as const;

const THUMBNAIL_SUFFIX = '.thumb.webp';

/**
 * The thumbnail of an uploaded image sits beside it: `/media/x.png` → `/media/x.thumb.webp`. The
 * server makes it at upload, or on first request for images uploaded before thumbnails existed.
 * Any other address (a built-in picture) is its own thumbnail.
 */
export function thumbnailUrlOf(url: string): string;
export function thumbnailUrlOf(url: string | null): string | null;
export function thumbnailUrlOf(url: string | null): string | null {
  if (!url || url.endsWith(THUMBNAIL_SUFFIX)) return url;
  return url.replace(/\.(png|jpe?g|webp|gif)$/i, THUMBNAIL_SUFFIX);
}

/** The original's name for a thumbnail's name without its image type, e.g. "x" for "x.thumb.webp"; null when not a thumbnail. */
export function thumbnailStemOf(fileName: string): string | null {
  return fileName.endsWith(THUMBNAIL_SUFFIX) ? fileName.slice(0, -THUMBNAIL_SUFFIX.length) : null;
}
