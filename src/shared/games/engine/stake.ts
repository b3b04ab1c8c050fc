// Coins are integers (DESIGN.md section 3), and a payout must stay exact in a JS number.

export function assertStake(stake: number, maxMultiplier: number): void {
  if (!Number.isSafeInteger(stake) || stake < 1)
    throw new RangeError('stake must be a positive whole number of coins');
  if (!Number.isSafeInteger(stake * maxMultiplier))
    throw new RangeError('stake is too large to pay exactly');
}
