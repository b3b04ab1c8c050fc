import { toPercentString } from '../engine/rational';
import { defineRoundGame, num, paysText, publishRtp, winText } from '../engine/roundGame';
import { slots, SLOTS_MAX_LUCK, slotsHitRate, slotsRtp, slotsRtpWithLuck } from './slots';

const plural = (symbol: string): string =>
  symbol.endsWith('y') ? `${symbol.slice(0, -1)}ies` : `${symbol}s`;

/** 'three-bell' -> 'three bells', 'two-cherries' -> 'two cherries'; null is a line that pays nothing. */
export const comboText = (combo: unknown): string => {
  if (typeof combo !== 'string') return 'no combination';
  const three = /^three-(.+)$/.exec(combo);
  return three?.[1] ? `three ${plural(three[1])}` : combo.replace(/-/g, ' ');
};

export const slotsRound = defineRoundGame({
  game: 'slots',
  label: 'Slots',
  example: { stake: 10, luck: 0 },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const r = slots(serverSeed, clientSeed, nonce, {
      stake: num(params.stake, 'stake'),
      luck: params.luck === undefined ? 0 : num(params.luck, 'luck'),
    });
    return {
      reel: [...r.reel],
      stops: [...r.stops],
      combo: r.combo,
      win: r.win,
      payout: r.payout,
      respun: r.respun,
    };
  },
  describe: (replay) => {
    const reel = Array.isArray(replay.reel) ? replay.reel.join(' ') : '?';
    const respun = replay.respun === true ? ', after a slot-luck re-spin' : '';
    return `${reel}: ${comboText(replay.combo)}, ${winText(replay.win)}, ${paysText(replay.payout)}${respun}`;
  },
  summary: (round) =>
    `slots · ${Array.isArray(round.outcome.reel) ? round.outcome.reel.join(' ') : '?'}`,
  rtp: () => {
    const rtp = slotsRtp();
    const hit = slotsHitRate();
    const luckRtp = slotsRtpWithLuck(SLOTS_MAX_LUCK);
    return [
      publishRtp('slots', 'one spin', rtp, [
        `Stops = floor(float x 21) for floats #0-2; every one of the 9,261 stop combinations counted, hit rate ${toPercentString(hit)}.`,
        `With slot luck L% a losing spin is re-spun once (float #3 decides, #4-6 re-spin): RTP(L) = RTP x (1 + P(lose) x L/100), L/100 exact to within 2^-32; at the +${SLOTS_MAX_LUCK}% cap ${toPercentString(luckRtp)} per spin, but what re-spins win is paid only up to each luck item's price in all.`,
      ]),
    ];
  },
});
