import { z } from 'zod';

/**
 * zod compiles fast parsers with `new Function` after probing whether it may; under the app's
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation on
 * every page. It parses without compiling from the start instead. scripts/clientZod.ts resolves every
 * other `import ... from 'zod'` of the client to this module, so whichever lazy chunk first
 * loads zod runs this line before any of its schemas parse, and zod stays out of chunks that
 * never use it.
 */
z.config({ jitless: true });

export * from 'zod';
export { default } from 'zod';
