/** What other features may use of games (DESIGN.md section 1a). */
export { GAME_CARDS } from './catalog';
export { useInventorySale } from './inventorySale';
export type { GameCard, GameClient } from './catalog';
export { formatHms } from './formatHms';
export { useAfterGamePlayed } from './mutations';
export { gameKeys, useGamesProgress, useRounds } from './queries';
export { useGameIntent } from './useGameIntent';
export { useGameSound } from './useGameSound';
export { useReducedMotion } from './useReducedMotion';
export { verifyHref } from './verifyLink';
