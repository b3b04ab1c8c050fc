/**
 * Two accounts seen on one address (a family, an office, a campus; or one person with two
 * accounts) may duel each other, in Quiz Duel and in rock-paper-scissors alike, but neither
 * wins more than this many coins a UTC day from the other: past it, the winner gets their own
 * stake back and what is left of the cap, and the rest of the pot goes back to the loser.
 */
export const SAME_ADDRESS_DAILY_WIN_CAP = 500;
/** Accounts count as sharing an address when both called a duel from it within this window. */
export const SAME_ADDRESS_WINDOW_MS = 24 * 60 * 60_000;
