import {
  PROFILE_PHOTO_CONTENT_TYPE,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MAX_PIXELS,
  PROFILE_PHOTO_MESSAGES,
  PROFILE_PHOTO_SIZE,
} from '@teaminbox/contracts';
import sharp from 'sharp';

/** Raster formats accepted as they come from cameras, phones and browsers. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

export class ProfilePhotoRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfilePhotoRejected';
  }
}

export interface ProcessedPhoto {
  content: Buffer;
  contentType: string;
}

/** An SVG (or any XML) document: refused before an image library sees it (scripts, external references). */
function looksLikeMarkup(input: Buffer): boolean {
  const head = input
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') || head.includes('<svg');
}

/**
 * Turns an upload into the stored profile photo: images only (JPEG, PNG, WebP, GIF, HEIF/AVIF, TIFF), at most 5 MB
 * and PROFILE_PHOTO_MAX_PIXELS pixels (checked from the header, before decoding), never SVG. The result is a new
 * 256 x 256 WebP (turned upright by its orientation, cropped to the centre), with no metadata of the original
 * (EXIF, GPS, ICC comments): nothing the uploader's file carried besides its pixels is kept.
 */
export async function processProfilePhoto(
  input: Buffer,
  limits: { maxBytes?: number; maxPixels?: number } = {},
): Promise<ProcessedPhoto> {
  if (input.length === 0) throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.missing);
  if (input.length > (limits.maxBytes ?? PROFILE_PHOTO_MAX_BYTES)) {
    throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.tooLarge);
  }
  if (looksLikeMarkup(input)) throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.svg);
  const maxPixels = limits.maxPixels ?? PROFILE_PHOTO_MAX_PIXELS;
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.notImage);
  }
  if (format === 'svg') throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.svg);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.notImage);
  if (pixels > maxPixels) throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.tooManyPixels);
  try {
    const content = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
    return { content, contentType: PROFILE_PHOTO_CONTENT_TYPE };
  } catch {
    throw new ProfilePhotoRejected(PROFILE_PHOTO_MESSAGES.notImage);
  }
}
