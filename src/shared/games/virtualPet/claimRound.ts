import { defineRoundGame, num } from '../engine/roundGame';
import { goodOf } from './catalog';
import { CLAIM_FOOD_TABLE, CLAIM_TOY_TABLE, drawClaim, type DrawTable } from './claim';

const table = (value: unknown, name: string): DrawTable => {
  const t = value as { keys?: unknown; weights?: unknown } | null;
  if (
    !t ||
    !Array.isArray(t.keys) ||
    !Array.isArray(t.weights) ||
    !t.keys.every((k) => typeof k === 'string') ||
    !t.weights.every((w) => typeof w === 'number')
  ) {
    throw new RangeError(`${name} must be { keys: [...], weights: [...] }`);
  }
  return { keys: t.keys as string[], weights: t.weights as number[] };
};

const counts = (value: unknown): string => {
  const entries = Object.entries((value ?? {}) as Record<string, number>);
  return entries.length === 0 ? 'nothing' : entries.map(([k, n]) => `${n} ${k}`).join(', ');
};

/** The same with the goods' names, for players ('1 Berry Bites', not '1 berry-bites'). */
const namedCounts = (value: unknown): string => {
  const entries = Object.entries((value ?? {}) as Record<string, number>);
  return entries.length === 0
    ? 'no items'
    : entries.map(([k, n]) => `${n} ${goodOf(k)?.name ?? k}`).join(', ');
};

/** The sanctuary's resource claim: its foods and toys come from the round's stream. */
export const sanctuaryClaimRound = defineRoundGame({
  game: 'sanctuary-claim',
  label: 'Sanctuary claim',
  example: { foodDraws: 2, toyDraws: 1, foodTable: CLAIM_FOOD_TABLE, toyTable: CLAIM_TOY_TABLE },
  replay: (serverSeed, clientSeed, nonce, params) =>
    drawClaim(serverSeed, clientSeed, nonce, {
      foodDraws: num(params.foodDraws, 'foodDraws'),
      toyDraws: num(params.toyDraws, 'toyDraws'),
      foodTable: table(params.foodTable, 'foodTable'),
      toyTable: table(params.toyTable, 'toyTable'),
    }),
  describe: (replay) => `food: ${counts(replay.food)}; toys: ${counts(replay.toys)}`,
  summary: (round) =>
    `Sanctuary claim · food: ${namedCounts(round.outcome.food)} · toys: ${namedCounts(round.outcome.toys)}`,
});
