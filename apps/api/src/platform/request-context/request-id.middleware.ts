import type { NextFunction, Request, Response } from 'express';
import { v7 as uuidv7 } from 'uuid';
import { ANONYMOUS, RequestContext } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming request id is kept only when it is short and plain (it ends up in logs and event metadata). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : uuidv7();
}

/** The request's id once assignRequestId saw it (kept on the response's locals). */
function assignedId(res: Response): string | undefined {
  const id: unknown = res.locals?.requestId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The first middleware of every request (API, socket.io handshake, web assets): gives it its id (the caller's
 * X-Request-Id when well-formed, else a new one) and answers it in the X-Request-Id header, so that an answer
 * refused before any handler ran (a body too large, malformed JSON) carries it too.
 */
export function assignRequestId(req: Request, res: Response, next: NextFunction): void {
  const id = assignedId(res) ?? requestIdOf(req.headers['x-request-id']);
  res.locals.requestId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}

/**
 * Opens the request's scope once the body is read (a scope opened earlier would not reach the handler: the body's
 * stream runs in the connection's async context): the request id is the correlation id of every event the request
 * causes and stands in every log line written while serving it.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const correlationId = assignedId(res) ?? requestIdOf(req.headers['x-request-id']);
  if (!res.getHeader(REQUEST_ID_HEADER)) res.setHeader(REQUEST_ID_HEADER, correlationId);
  RequestContext.run({ correlationId, causationId: null, actor: ANONYMOUS, teamId: null }, next);
}
