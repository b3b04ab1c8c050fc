import { defineRoundGame, publishRtp } from '../engine/roundGame';
import { boxRtp, collectibleOf, MYSTERY_BOXES, mysteryBoxOf, openBox } from './rules';

/** One mystery-box opening: a tier by weight, then a collectible of it. */
export const mysteryBoxRound = defineRoundGame({
  game: 'mystery-box',
  label: 'Mystery box',
  example: { box: 'bronze', tiers: MYSTERY_BOXES[0]!.tiers },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const r = openBox(serverSeed, clientSeed, nonce, { tiers: params.tiers });
    return { tier: r.tier, tierName: r.tierName, item: r.drop.key, value: r.drop.value };
  },
  describe: (replay) =>
    `tier ${String(replay.tierName)}, ${String(replay.item)} worth ${String(replay.value)}`,
  summary: (round) =>
    `${mysteryBoxOf(String(round.params.box))?.name ?? 'Mystery box'} · ${String(round.outcome.tierName ?? '?')} ${collectibleOf(String(round.outcome.item))?.name ?? String(round.outcome.item ?? '')}`,
  paidFrom: 'the drop is an item worth its published sell-back value',
  rtp: () =>
    MYSTERY_BOXES.map((box) =>
      publishRtp('mystery-box', box.name, boxRtp(box), [
        `Float #0 picks the tier by weight out of 10,000 (${box.tiers.map((t) => t.weight).join(' / ')}), float #1 a collectible of it; the return is the drops' sell-back values over the price of ${box.price}.`,
      ]),
    ),
});
