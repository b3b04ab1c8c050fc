import type {
  FrenzyClickResponse,
  FrenzyStatsDto,
} from '../../../../shared/games/clickFrenzy/contract';
import { FRENZY_HOURLY_LIMIT } from '../../../../shared/games/engine/catalog';

export const presentStats = (clicks: number, nextHour: Date, now: Date): FrenzyStatsDto => ({
  frenzyTotal: clicks,
  limit: FRENZY_HOURLY_LIMIT,
  nextHour: nextHour.toISOString(),
  serverTime: now.toISOString(),
});

export const presentClick = (
  clicks: number,
  nextHour: Date,
  now: Date,
  click: { id: number; reward: number; balance: number },
): FrenzyClickResponse => ({
  ...presentStats(clicks, nextHour, now),
  reward: click.reward,
  balance: click.balance,
  clickId: String(click.id),
});
