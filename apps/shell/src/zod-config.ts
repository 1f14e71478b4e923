import { config } from 'zod/v4/core';

/**
 * The schemas of @teaminbox/contracts (zod) compile a fast parser with `new Function` unless told not to, and
 * probe for it when a schema is made: the Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks that
 * and reports it. Zod's settings are one object for the whole page, so this, run before any schema of the shell
 * or of a remote exists, turns the compiled parsers off everywhere (parsing stays the same, only not compiled).
 */
config({ jitless: true });
