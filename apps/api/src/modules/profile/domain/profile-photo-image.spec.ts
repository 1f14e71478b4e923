import { PROFILE_PHOTO_MESSAGES } from '@teaminbox/contracts';
import sharp from 'sharp';
import { processProfilePhoto, ProfilePhotoRejected } from './profile-photo-image';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();

async function rejection(input: Buffer, limits?: { maxBytes?: number; maxPixels?: number }): Promise<string> {
  try {
    await processProfilePhoto(input, limits);
  } catch (error) {
    if (error instanceof ProfilePhotoRejected) return error.message;
    throw error;
  }
  throw new Error('expected the photo to be rejected');
}

describe('profile photo processing', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('re-encodes a %s into a 256 px square WebP', async (format) => {
    const photo = await processProfilePhoto(await image(640, 480, format));
    expect(photo.contentType).toBe('image/webp');
    const meta = await sharp(photo.content).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('keeps none of the original metadata (EXIF with a location and an author, ICC)', async () => {
    const tagged = await sharp(await image(300, 300, 'jpeg'))
      .withMetadata({ exif: { IFD0: { Artist: 'Jana Secret', Copyright: 'GPS 50.08N 14.42E' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const photo = await processProfilePhoto(tagged);
    const meta = await sharp(photo.content).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(photo.content.includes(Buffer.from('Jana Secret'))).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation before cropping', async () => {
    const wide = await sharp(await image(400, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const photo = await processProfilePhoto(wide);
    expect((await sharp(photo.content).metadata()).orientation).toBeUndefined();
  });

  it('refuses SVG, also disguised, and anything that is not an image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>x()</script></svg>',
    );
    expect(await rejection(svg)).toBe(PROFILE_PHOTO_MESSAGES.svg);
    expect(await rejection(Buffer.from(`\uFEFF  <?xml version="1.0"?>${svg.toString()}`))).toBe(
      PROFILE_PHOTO_MESSAGES.svg,
    );
    expect(await rejection(Buffer.from('%PDF-1.7 not an image'))).toBe(PROFILE_PHOTO_MESSAGES.notImage);
    expect(await rejection(Buffer.alloc(0))).toBe(PROFILE_PHOTO_MESSAGES.missing);
    const truncated = (await image(300, 300, 'png')).subarray(0, 120);
    expect(await rejection(truncated)).toBe(PROFILE_PHOTO_MESSAGES.notImage);
  });

  it('refuses more than 5 MB and more pixels than the limit, the latter read from the header', async () => {
    expect(await rejection(Buffer.alloc(5 * 1024 * 1024 + 1, 1))).toBe(PROFILE_PHOTO_MESSAGES.tooLarge);
    expect(await rejection(await image(200, 200), { maxPixels: 10_000 })).toBe(PROFILE_PHOTO_MESSAGES.tooManyPixels);
    await expect(processProfilePhoto(await image(100, 100), { maxPixels: 10_000 })).resolves.toBeDefined();
  });
});
