import type { SlotsResponse } from '../../../../shared/api/casino';
import { slots } from '../../../../shared/games/slots';
import type { Deps } from '../../../platform/deps';
import { lockSlotsLuck, spendSlotsLuck } from '../../items/buffs';
import { playStakeRound } from './stakeRound';

/**
 * Three reels of 21 stops from floats #0-2. Running slots-luck buffs (DESIGN.md section 6)
 * re-spin a loss once with that probability, from the same round's later floats; what a re-spin
 * wins is paid within the luck buffs' cap, which the outcome records next to the replayable payout.
 */
export async function spinSlots(deps: Deps, userId: number, betAmount: number): Promise<SlotsResponse> {
  const r = await playStakeRound(deps, userId, 'slots', betAmount, async (tx, draw, now) => {
    const { luck, buffs } = await lockSlotsLuck(tx, userId, now);
    const result = slots(draw.serverSeed, draw.clientSeed, draw.nonce, { stake: betAmount, luck });
    const paid = result.respun && result.payout > 0 ? await spendSlotsLuck(tx, buffs, result.payout, now) : result.payout;
    return {
      params: { stake: betAmount, luck },
      outcome: {
        reel: [...result.reel],
        stops: [...result.stops],
        combo: result.combo,
        win: result.win,
        payout: result.payout,
        respun: result.respun,
        luckCapped: result.payout - paid,
        luck,
      },
      win: result.win,
      paid,
    };
  });
  return {
    reel: r.outcome.reel,
    stops: r.outcome.stops,
    combo: r.outcome.combo,
    win: r.win,
    payout: r.payout,
    respun: r.outcome.respun,
    luck: r.outcome.luck,
    bonus: r.bonus,
    roundId: r.roundId,
    nonce: r.nonce,
    balance: r.balance,
  };
}
