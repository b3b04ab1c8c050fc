// Constants fixed by the spec (accounts-economy-admin.md section 9) and DESIGN.md section 6.
export const TOP_PLAYERS_ON_HOME = 5;
export const STARTING_BALANCE = 1000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_MEDIUM_LENGTH = 8;
export const PASSWORD_STRONG_LENGTH = 12;

/**
 * Lists come a page at a time (issue 20: an answer stays small however large the site grows).
 * Here rather than in api/common.ts, whose schemas would bring zod into the browser with it.
 */
export const PAGE_SIZE = 50;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const TYPEWRITER = {
  typeSpeedMs: 80,
  deleteSpeedMs: 50,
  pauseMs: 1500,
  loops: 1,
  cursorBlinkSeconds: 0.8,
} as const;

export const TOASTS = {
  maxKept: 20,
  blankMs: 4000,
  errorMs: 4000,
  customMs: 4000,
  successMs: 2000,
  autoCloseMs: 5000,
  maxWidthPx: 350,
} as const;

export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const SLOT_TOY = {
  rotateMs: 5000,
  lockMs: 5000,
  invertMs: 10_000,
  ghostDurationMs: 5000,
  ghostIntervalMs: 100,
  potEmoji: '🍲',
  skullEmoji: '💀',
} as const;
