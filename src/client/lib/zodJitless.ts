import { z } from 'zod';

/**
 * zod compiles fast parsers with `new Function` after probing whether it may; under the app's
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation on
 * every page. It parses without compiling from the start instead. Imported first by main.tsx.
 */
z.config({ jitless: true });
