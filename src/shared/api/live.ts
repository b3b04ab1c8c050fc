/**
 * Live events (DESIGN.md section 7): what the server pushes on /api/live. Each says what
 * changed; the client updates or invalidates what it shows. Private events reach only their
 * user. Features add their kinds here.
 */
export interface LiveEventPayloads {
  'trade.offered': { tradeId: string };
  'trade.answered': { tradeId: string };
  'trade.canceled': { tradeId: string };
  'trade.finalized': { tradeId: string };
  'duel.invited': { duelId: string };
  'duel.resolved': { duelId: string };
  'duel.canceled': { duelId: string };
  'bet.created': { betId: string };
  'bet.repriced': { betId: string };
  'bet.settled': { betId: string; outcome: 'finalized' | 'voided' };
  'admin.log': { logId: string };
}

export type LiveEventKind = keyof LiveEventPayloads;
