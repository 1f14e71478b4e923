import type { Response } from 'express';
import type { RawMessageSource } from '../queries/get-raw-message/get-raw-message.query';

/** A raw message as a download that no browser renders or sniffs. */
export function sendRaw(res: Response, { filename, source }: RawMessageSource): void {
  res
    .status(200)
    .setHeader('Content-Type', 'message/rfc822')
    .setHeader('Content-Length', String(source.length))
    .setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
    .setHeader('Cache-Control', 'private, no-store')
    .end(source);
}
