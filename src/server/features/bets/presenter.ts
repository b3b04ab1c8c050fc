import type {
  AdminBetDto,
  BetDto,
  BetStatus,
  ParlayDto,
  ParlayLegDto,
  WagerDto,
  WagerStatus,
} from '../../../shared/api/bets';
import type { CommunityBetDto } from '../../../shared/api/communityBets';
import { hundredthsToOdds, payoutFor } from '../../../shared/odds';

export interface BetRow {
  id: number;
  title: string;
  description: string;
  end_time: Date | string;
  status: BetStatus;
  result_option_id: number | null;
  options: { id: number; text: string; odds: number; votes: number }[];
}

/** The admin's list also shows when each bet was made, its stakes and its votes. */
export interface AdminBetRow extends BetRow {
  created_at: Date | string;
  total_staked: number;
  wager_count: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentBet(row: BetRow): BetDto {
  const winner = row.options.find((o) => o.id === row.result_option_id);
  return {
    _id: String(row.id),
    title: row.title,
    description: row.description,
    endTime: iso(row.end_time),
    status: row.status,
    options: row.options.map((o) => ({
      _id: String(o.id),
      text: o.text,
      odds: hundredthsToOdds(o.odds),
      votes: Number(o.votes),
    })),
    result: winner?.text ?? null,
    resultOptionId: row.result_option_id === null ? null : String(row.result_option_id),
  };
}

export function presentAdminBet(row: AdminBetRow): AdminBetDto {
  return {
    ...presentBet(row),
    totalStaked: Number(row.total_staked),
    wagerCount: Number(row.wager_count),
    createdAt: iso(row.created_at),
  };
}

/** A community bet shows its stakes and what it could cost the treasury. */
export interface CommunityBetRow extends AdminBetRow {
  exposure: number;
}

export function presentCommunityBet(row: CommunityBetRow): CommunityBetDto {
  return {
    ...presentBet(row),
    totalStaked: Number(row.total_staked),
    exposure: Number(row.exposure),
    createdAt: iso(row.created_at),
  };
}

export interface WagerRow {
  id: number;
  bet_id: number;
  bet_title: string;
  choice: string;
  odds: number;
  stake: number;
  payout: number;
  status: WagerStatus;
  created_at: Date | string;
}

export function presentWager(row: WagerRow): WagerDto {
  return {
    _id: String(row.id),
    kind: 'single',
    betId: String(row.bet_id),
    betTitle: row.bet_title,
    choice: row.choice,
    odds: hundredthsToOdds(row.odds),
    stake: row.stake,
    potentialPayout: payoutFor(row.stake, row.odds),
    payout: row.payout,
    status: row.status,
    createdAt: iso(row.created_at),
  };
}

export interface ParlayRow {
  id: number;
  stake: number;
  total_odds: number;
  payout: number;
  status: WagerStatus;
  created_at: Date | string;
  legs: {
    bet_id: number;
    bet_title: string;
    choice: string;
    odds: number;
    status: ParlayLegDto['status'];
  }[];
}

export function presentParlay(row: ParlayRow): ParlayDto {
  return {
    _id: String(row.id),
    kind: 'parlay',
    stake: row.stake,
    totalOdds: hundredthsToOdds(row.total_odds),
    potentialPayout: payoutFor(row.stake, row.total_odds),
    payout: row.payout,
    status: row.status,
    legs: row.legs.map((l) => ({
      betId: String(l.bet_id),
      betTitle: l.bet_title,
      choice: l.choice,
      odds: hundredthsToOdds(l.odds),
      status: l.status,
    })),
    createdAt: iso(row.created_at),
  };
}
