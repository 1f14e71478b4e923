/**
 * The schemas of @teaminbox/contracts (zod) compile a fast parser with `new Function` unless told not to, and
 * probe for it when a schema is made: the Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks that
 * and reports it. Zod keeps its settings in one object of the page, `globalThis.__zod_globalConfig`, shared by
 * every copy of zod (the shell's and each remote's), and takes it as it finds it: set here, before any app loads
 * zod, `jitless` turns the compiled parsers and the probe off everywhere (parsing stays the same, only not
 * compiled). It is set without importing zod, which the first screen does not otherwise need. The browser tests
 * fail on any policy violation, so a zod that stopped reading this object would be noticed.
 */
const page = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
page.__zod_globalConfig = { ...page.__zod_globalConfig, jitless: true };

export {};
