import { sql } from 'drizzle-orm';
import type {
  MinigameCompleteResponse,
  MinigameStartResponse,
} from '../../../../../shared/games/virtualPet/contract';
import {
  DAILY_MINIGAME_COIN_CAP,
  minigamePay,
  RUN_TTL_MS,
  type Minigame,
} from '../../../../../shared/games/virtualPet/minigames';
import type { Deps } from '../../../../platform/deps';
import { badRequest, conflict, notFound } from '../../../../platform/errors';
import { ledger } from '../../../wallet/public';
import { presentCritter, type CritterRow } from '../critters/presenter';
import { critterReturning, lockCritter } from '../critters/queries';
import { lockProfile } from '../profile';

/** Runs never completed are kept this long after they end (for a late complete's clear answer), then pruned. */
const UNPAID_RUN_KEEP_MS = 24 * 60 * 60_000;

/**
 * A run starts on the server's clock: the score it may claim grows with the time it lasts. One
 * open run per player and game: a start closes the player's open runs of that game unpaid (a
 * replaced run), under the pet profile's lock so racing starts leave exactly one; otherwise
 * overlapping runs would each claim the whole time bound. Old unpaid runs are pruned here too.
 */
export async function startRun(
  deps: Deps,
  userId: number,
  critterId: number,
  game: Minigame,
): Promise<MinigameStartResponse> {
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + RUN_TTL_MS);
  const run = await deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    await tx.rows(sql`
      delete from virtual_pet_minigame_runs where user_id = ${userId} and claimed_score is null
        and least(coalesce(completed_at, expires_at), expires_at) < ${new Date(now.getTime() - UNPAID_RUN_KEEP_MS).toISOString()}`);
    const [inserted] = await tx.rows<{ id: number }>(sql`
      insert into virtual_pet_minigame_runs (user_id, critter_id, game, started_at, expires_at)
      select ${userId}, c.id, ${game}, ${now.toISOString()}, ${expires.toISOString()} from virtual_pet_critters c
      where c.id = ${critterId} and c.user_id = ${userId}
      returning id`);
    if (!inserted)
      throw notFound(`critterId: you have no critter with id ${critterId}`, [
        { field: 'critterId', rule: 'not_found', value: String(critterId) },
      ]);
    await tx.rows(sql`
      update virtual_pet_minigame_runs set completed_at = ${now.toISOString()}
      where user_id = ${userId} and game = ${game} and completed_at is null and id <> ${inserted.id}`);
    return inserted;
  });
  return { runId: String(run.id), serverTime: now.toISOString(), expiresAt: expires.toISOString() };
}

/**
 * Completes a run once (one conditional UPDATE), pays what the run's length allows: the claimed
 * score clamped by minigamePay, experience to the critter, pet coins to the user within the
 * daily cap. Nothing the client reports is paid as it is.
 */
export async function completeRun(
  deps: Deps,
  userId: number,
  body: { critterId: number; game: Minigame; actualScore: number; runId: number },
): Promise<MinigameCompleteResponse> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const critter = await lockCritter(tx, userId, body.critterId);
    const [run] = await tx.rows<{ started_at: Date | string }>(sql`
      update virtual_pet_minigame_runs set completed_at = ${now.toISOString()}, claimed_score = ${Math.floor(body.actualScore)}
      where id = ${body.runId} and user_id = ${userId} and critter_id = ${body.critterId} and game = ${body.game}
        and completed_at is null and expires_at >= ${now.toISOString()}
      returning started_at`);
    if (!run) {
      const [found] = await tx.rows<{
        critter_id: number;
        game: string;
        completed_at: Date | null;
        expires_at: Date | string;
        claimed_score: number | null;
      }>(sql`
        select critter_id, game, completed_at, expires_at, claimed_score from virtual_pet_minigame_runs where id = ${body.runId} and user_id = ${userId}`);
      if (!found)
        throw notFound(`runId: you have no run with id ${body.runId}`, [
          { field: 'runId', rule: 'not_found', value: String(body.runId) },
        ]);
      if (Number(found.critter_id) !== body.critterId || found.game !== body.game)
        throw badRequest(`runId: run ${body.runId} was started for another critter or game`, [
          { field: 'runId', rule: 'invalid' },
        ]);
      if (found.completed_at && found.claimed_score === null)
        throw conflict(
          'This run was replaced by a newer run of this game; only the newest one pays',
        );
      if (found.completed_at) throw conflict('This run was already completed and paid');
      throw conflict('This run expired: start a new game');
    }
    const pay = minigamePay(
      body.game,
      body.actualScore,
      now.getTime() - new Date(run.started_at).getTime(),
      critter.traits,
    );
    const day = now.toISOString().slice(0, 10);
    await tx.rows(
      sql`insert into virtual_pet_minigame_days (user_id, day, coins) values (${userId}, ${day}, 0) on conflict do nothing`,
    );
    const [today] = await tx.rows<{ coins: number }>(
      sql`select coins from virtual_pet_minigame_days where user_id = ${userId} and day = ${day} for update`,
    );
    const coins = Math.max(0, Math.min(pay.coins, DAILY_MINIGAME_COIN_CAP - (today?.coins ?? 0)));
    if (coins > 0) {
      await tx.rows(
        sql`update virtual_pet_minigame_days set coins = coins + ${coins} where user_id = ${userId} and day = ${day}`,
      );
      await ledger.post(
        tx,
        [{ userId, delta: coins, category: 'minigame_reward' }],
        { refType: 'minigame_run', refId: body.runId, currency: 'pet_coins' },
        { actorId: userId },
      );
    }
    const [row] = await tx.rows<CritterRow>(
      sql`update virtual_pet_critters set experience = experience + ${pay.experience} where id = ${body.critterId} ${critterReturning}`,
    );
    await tx.rows(
      sql`update virtual_pet_minigame_runs set score = ${pay.score}, experience = ${pay.experience}, coins = ${coins} where id = ${body.runId}`,
    );
    const notes = [
      pay.clamped ? `score counted as ${pay.score} (the most this run's length allows)` : null,
      coins < pay.coins ? `daily cap of ${DAILY_MINIGAME_COIN_CAP} pet coins reached` : null,
    ].filter(Boolean);
    return {
      message: `+${pay.experience} experience, +${coins} pet coins${notes.length > 0 ? `: ${notes.join('; ')}` : ''}`,
      score: pay.score,
      clamped: pay.clamped,
      experienceEarned: pay.experience,
      coinsEarned: coins,
      coinsCapped: pay.coins - coins,
      critter: presentCritter(row ?? critter),
    };
  });
}
