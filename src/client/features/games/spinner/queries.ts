import { gameKeys, useGamesProgress } from '../public';

/**
 * The wheels' tables and cooldowns come with the games' progress, one read shared with the hub,
 * so the spinner page has no query of its own; these names say what it reads there.
 */
export const spinnerKeys = {
  board: gameKeys.progress,
};

export const useSpinnerBoard = useGamesProgress;
