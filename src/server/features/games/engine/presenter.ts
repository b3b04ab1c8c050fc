import type {
  FairnessDto,
  RotateSeedResponse,
  RoundDto,
  RoundsPage,
} from '../../../../shared/api/fairness';
import type { RoundGame } from '../../../../shared/games/engine/roundGames';
import type { RoundState } from './tables';

export interface SeedRow {
  id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/** The active pair as its owner sees it: the hash of the server seed, never the seed. */
export const presentSeed = (row: SeedRow): FairnessDto => ({
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: Number(row.nonce),
});

/** The retired pair, its server seed now shown, and the new pair. */
export const presentRotation = (
  old: SeedRow & { server_seed: string },
  next: SeedRow,
): RotateSeedResponse => ({
  revealed: {
    serverSeed: old.server_seed,
    serverSeedHash: old.server_seed_hash,
    clientSeed: old.client_seed,
    nonce: Number(old.nonce),
  },
  current: presentSeed(next),
});

export interface RoundRow {
  id: number;
  game: RoundGame;
  stake: number;
  payout: number;
  created_at: Date | string;
  state: RoundState;
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
}

const presentRound = (row: RoundRow): RoundDto => ({
  _id: String(row.id),
  game: row.game,
  stake: Number(row.stake),
  payout: Number(row.payout),
  createdAt: new Date(row.created_at).toISOString(),
  state: row.state,
  serverSeedHash: row.server_seed_hash,
  serverSeed: row.server_seed,
  clientSeed: row.client_seed,
  nonce: Number(row.nonce),
  params: row.params,
  // An open round's outcome holds what must stay hidden until it ends (mine positions).
  outcome: row.state === 'open' ? {} : row.outcome,
});

/** `rows` holds one more than the page when there is a next page (its cursor is the last shown id). */
export function presentRoundsPage(rows: RoundRow[], limit: number): RoundsPage {
  const page = rows.slice(0, limit).map(presentRound);
  return {
    rounds: page,
    nextBefore: rows.length > limit ? (page[page.length - 1]?._id ?? null) : null,
  };
}
