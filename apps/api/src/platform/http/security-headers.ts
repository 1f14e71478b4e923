import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';

/** The connection's own host for the socket.io address (ws: / wss:); anything odd in the header falls back to none. */
function ownSocketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Security headers of every response (helmet), with a strict Content-Security-Policy for the shell and its remotes,
 * which all load from this origin (/ and /remotes/<name>/, Module Federation manifests and chunks included):
 * scripts only from this origin (no inline script, no eval), no plugins, no <base> or form posts elsewhere, and no
 * framing by anyone (frame-ancestors 'none' and X-Frame-Options DENY). Styles may be inline (PrimeReact sets
 * them). Images may come from anywhere: the email frame is a srcdoc frame, which inherits this policy, and shows
 * remote images once the user allows them; its own policy blocks them until then (see the inbox's email-frame.ts).
 * Plus nosniff, Referrer-Policy no-referrer and the rest of helmet's defaults.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => ownSocketSources(req)],
        frameSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
