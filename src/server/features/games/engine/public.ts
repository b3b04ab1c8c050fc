/** What other features may use of engine (DESIGN.md section 1a). */
export { applyIntent, applyPure, readState } from './gameState';
export type { GameStateTable } from './gameState';
export { playSettledRound } from './oneStatement';
export { moveForRound } from './payments';
export { batchCounts, batchWaiting, holdBatches } from './roundBatch';
export type { BatchPart } from './roundBatch';
export { nextRound, nextRounds } from './rounds';
export type { Draw } from './rounds';
export { allowedWin, recordAddress } from './sameAddress';
export { gameStateColumns } from './tables';
export {
  observedReturns,
  roundsTable,
  roundCountsBetween,
  settleOpenRound,
  stakedRoundsUpTo,
} from './queries';
