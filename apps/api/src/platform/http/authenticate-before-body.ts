import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ExtractJwt } from 'passport-jwt';
import type { AccessTokenService } from '../auth/access-token.service';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Checks the access token of a call before its body is read, for the calls that take large bodies (`applies`): a
 * request without a valid, current token is answered 401 at once and its connection is closed after the answer, so
 * the server neither reads nor buffers megabytes for an anonymous client. The route's own guards check the token
 * again as on every call.
 */
export function authenticateBeforeBody(tokens: AccessTokenService, applies: (req: Request) => boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!applies(req)) return next();
    tokens.verify(bearerToken(req)).then(
      (user) => {
        if (user) return next();
        // Stop reading the body; the answer closes the connection (Node ends the socket after a Connection: close).
        req.pause();
        res.setHeader('Connection', 'close');
        res.setHeader('WWW-Authenticate', 'Bearer');
        res.status(401).json({ message: 'Unauthorized', statusCode: 401 });
      },
      (error: unknown) => next(error),
    );
  };
}
