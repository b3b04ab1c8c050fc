// Constants fixed by the spec (accounts-economy-admin.md section 9) and DESIGN.md section 6.
export const TOP_PLAYERS_ON_HOME = 5;
export const STARTING_BALANCE = 1000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Lists come a page at a time (issue 20: an answer stays small however large the site grows).
 * Here rather than in api/common.ts, whose schemas would bring zod into the browser with it.
 */
export const PAGE_SIZE = 50;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
