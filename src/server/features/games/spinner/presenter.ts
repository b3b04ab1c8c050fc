import type {
  SpinnerProgressDto,
  SpinnerTablesDto,
  SpinResponse,
} from '../../../../shared/games/spinner/contract';
import { SPINNER_IDS, type SpinnerId } from '../../../../shared/games/engine/catalog';
import type { SpinnerTable } from '../../../../shared/games/spinner/rules';
import type { CooldownRow } from './queries';

const isSpinnerId = (id: string): id is SpinnerId =>
  (SPINNER_IDS as readonly string[]).includes(id);

/** Copies, so an answer never shares arrays with the defaults. */
export function presentSpinnerTables(tables: Record<SpinnerId, SpinnerTable>): SpinnerTablesDto {
  const dto = {} as SpinnerTablesDto;
  for (const id of SPINNER_IDS)
    dto[id] = { rewardOptions: [...tables[id].rewardOptions], weights: [...tables[id].weights] };
  return dto;
}

/** Every wheel's next spin time; null for a wheel never spun. */
function presentCooldowns(rows: CooldownRow[]): SpinnerProgressDto['cooldowns'] {
  const cooldowns = Object.fromEntries(SPINNER_IDS.map((id) => [id, null])) as Record<
    SpinnerId,
    string | null
  >;
  for (const row of rows) {
    if (isSpinnerId(row.spinner_id))
      cooldowns[row.spinner_id] = new Date(row.next_spin_at).toISOString();
  }
  return cooldowns;
}

export const presentProgress = (
  spinners: SpinnerTablesDto,
  cooldowns: CooldownRow[],
): SpinnerProgressDto => ({
  spinners,
  cooldowns: presentCooldowns(cooldowns),
});

export const presentSpin = (
  round: {
    id: number;
    nonce: number;
    payout: number;
    outcome: { slice: number; reward: number; bonus: number };
  },
  nextSpin: Date,
  now: Date,
  balance: number,
): SpinResponse => ({
  reward: round.payout,
  slice: round.outcome.slice,
  baseReward: round.outcome.reward,
  bonus: round.outcome.bonus,
  nextSpin: nextSpin.toISOString(),
  serverTime: now.toISOString(),
  roundId: String(round.id),
  nonce: round.nonce,
  balance,
});
