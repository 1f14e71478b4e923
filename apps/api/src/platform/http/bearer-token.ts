import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <expected>` (compared in constant time); false without one. */
export function hasBearerToken(req: Request, expected: string | undefined): boolean {
  const header = req.headers.authorization ?? '';
  if (!expected || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(expected));
}
