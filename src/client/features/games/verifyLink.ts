import type { RoundDto } from '../../../shared/api/fairness';

/**
 * The /fairness verifier with a round's values filled in, and its id so the page can say whether
 * the recomputation matches what the round recorded; null until its seed is revealed.
 */
export function verifyHref(
  round: Pick<RoundDto, '_id' | 'game' | 'serverSeed' | 'clientSeed' | 'nonce' | 'params'>,
): string | null {
  if (!round.serverSeed) return null;
  const query = new URLSearchParams({
    game: round.game,
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    params: JSON.stringify(round.params),
    round: round._id,
  });
  return `/fairness?${query.toString()}#verify`;
}
