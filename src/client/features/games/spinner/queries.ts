import { useGamesProgress } from '../public';

/**
 * The wheels' tables and cooldowns come with the games' progress, one read shared with the hub,
 * so the spinner page has no query of its own.
 */
export const useSpinnerBoard = useGamesProgress;
