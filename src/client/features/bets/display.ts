/** Single odds as the spec shows them: the number itself with an 'x' suffix ('2.5x'). */
export function formatOdds(odds: number): string {
  return `${odds}x`;
}

/** Parlay totals are rounded to 2 decimals (spec section 5), so they always show both. */
export function formatTotalOdds(odds: number): string {
  return `${odds.toFixed(2)}x`;
}

export function formatVotes(votes: number): string {
  return `${votes} ${votes === 1 ? 'bet' : 'bets'}`;
}
