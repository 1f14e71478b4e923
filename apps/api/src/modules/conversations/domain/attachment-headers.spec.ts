import { contentDisposition, downloadContentType, inlineImageContentType, safeFilename } from './attachment-headers';

describe('attachment headers', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    ['IMAGE/PNG', 'image/png'],
    ['text/plain; charset=utf-8', 'text/plain'],
    ['text/html', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['application/xhtml+xml', 'application/octet-stream'],
    ['application/atom+xml', 'application/octet-stream'],
    ['text/xml', 'application/octet-stream'],
    ['application/javascript', 'application/octet-stream'],
    ['not a type', 'application/octet-stream'],
    ['text/plain\r\nSet-Cookie: x=y', 'application/octet-stream'],
    ['', 'application/octet-stream'],
  ])('downloads %j as %s', (stored, served) => {
    expect(downloadContentType(stored)).toBe(served);
  });

  it('shows only raster images inline', () => {
    expect(inlineImageContentType('image/png')).toBe('image/png');
    expect(inlineImageContentType('Image/JPEG')).toBe('image/jpeg');
    expect(inlineImageContentType('image/gif')).toBe('image/gif');
    expect(inlineImageContentType('image/webp')).toBe('image/webp');
    expect(inlineImageContentType('image/svg+xml')).toBeNull();
    expect(inlineImageContentType('text/html')).toBeNull();
    expect(inlineImageContentType('image/bmp')).toBeNull();
  });

  it('keeps file names without directories, control characters or leading dots', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\x\\report.pdf')).toBe('report.pdf');
    expect(safeFilename('a\r\nb.txt')).toBe('ab.txt');
    expect(safeFilename(' .hidden ')).toBe('hidden');
    expect(safeFilename('...')).toBe('attachment');
    expect([...safeFilename('é'.repeat(500))]).toHaveLength(200);
  });

  it('writes an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987)', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition('attachment', 'Příloha "č. 1" (50%).pdf')).toBe(
      `attachment; filename="Priloha _c. 1_ (50_).pdf"; filename*=UTF-8''P%C5%99%C3%ADloha%20%22%C4%8D.%201%22%20%2850%25%29.pdf`,
    );
    expect(contentDisposition('inline', 'x\r\nSet-Cookie: a=b\r\n\\photo\r\n.png')).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
  });
});
