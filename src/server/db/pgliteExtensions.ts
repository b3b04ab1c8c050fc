import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (CREATE EXTENSION), which PGlite loads only
 * when it is opened with them: every open of a database must pass these (the server's thread,
 * pgliteWorker.mjs, lists them too, being plain JavaScript).
 * - pg_trgm: the communities directory's search by any part of a name (migration 0041).
 */
export const pgliteExtensions = { pg_trgm };
