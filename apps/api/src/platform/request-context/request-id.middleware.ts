import type { NextFunction, Request, Response } from 'express';
import { v7 as uuidv7 } from 'uuid';
import { ANONYMOUS, RequestContext } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming request id is kept only when it is short and plain (it ends up in logs and event metadata). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : uuidv7();
}

/**
 * Opens the request's scope: its id (the caller's X-Request-Id when well-formed, else a new one), answered in
 * the X-Request-Id header and used as the correlation id of every event the request causes.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const correlationId = requestIdOf(req.headers['x-request-id']);
  res.setHeader(REQUEST_ID_HEADER, correlationId);
  RequestContext.run({ correlationId, causationId: null, actor: ANONYMOUS, teamId: null }, next);
}
