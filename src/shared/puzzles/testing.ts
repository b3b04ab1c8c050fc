import { dailySeed } from './rng';

// Shared by the puzzle tests only: 200 consecutive days and their seeds under a test secret.
export const TEST_SECRET = 'fair-and-square puzzle test secret';
export const TEST_DATES: readonly string[] = Array.from({ length: 200 }, (_, i) =>
  new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
);
export const testSeed = (date: string): string => dailySeed(TEST_SECRET, date);
