/** What other features may use of engine (DESIGN.md section 1a). */
export { useRound } from './queries';
