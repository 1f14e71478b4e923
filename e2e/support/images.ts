import type { Page } from '@playwright/test';

/** A PNG of one colour, made by the browser page itself (no fixture file). */
export async function pngFrom(page: Page, colour: string, width = 300, height = 200): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ fill, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = fill;
        context.fillRect(0, 0, w, h);
      }
      return canvas.toDataURL('image/png');
    },
    { fill: colour, w: width, h: height },
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** On the open Profile screen: chooses a PNG of one colour (`name`, of this size) as the photo and saves it. */
export async function savePhoto(
  page: Page,
  name: string,
  colour: string,
  width?: number,
  height?: number,
): Promise<void> {
  await page.getByTestId('profile-photo-file').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: await pngFrom(page, colour, width, height),
  });
  await page.getByTestId('profile-photo-save').click();
}
