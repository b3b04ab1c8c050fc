import { describe, expect, it } from 'vitest';
import { PARLAY_MAX_LEGS } from '../../../shared/odds';
import { addPick, parlayTotalOdds, withCurrentOdds, type ParlayPick } from './parlay';

const pick = (betId: string, choice: string, odds: number): ParlayPick => ({
  betId,
  betTitle: `Bet ${betId}`,
  choice,
  odds,
});

describe('parlay slip', () => {
  it('keeps one pick per bet, replacing the earlier pick in place', () => {
    let picks = addPick([], pick('1', 'Yes', 2.5)).picks;
    picks = addPick(picks, pick('2', 'Cats', 1.8)).picks;
    picks = addPick(picks, pick('1', 'No', 1.5)).picks;
    expect(picks.map((p) => `${p.betId}:${p.choice}`)).toEqual(['1:No', '2:Cats']);
  });

  it('refuses a new bet beyond the leg limit but still allows a replacement', () => {
    const full = Array.from({ length: PARLAY_MAX_LEGS }, (_, i) => pick(String(i + 1), 'A', 1.1));
    expect(addPick(full, pick('99', 'A', 2)).full).toBe(true);
    const replaced = addPick(full, pick('1', 'B', 2));
    expect(replaced.full).toBe(false);
    expect(replaced.picks[0]?.choice).toBe('B');
  });

  it('rounds the total like the server and takes fresh odds after a conflict', () => {
    expect(parlayTotalOdds([])).toBe(1);
    expect(parlayTotalOdds([pick('1', 'Yes', 2.5), pick('2', 'Cats', 1.8)])).toBe(4.5);
    expect(parlayTotalOdds([pick('1', 'No', 1.5), pick('2', 'Cats', 2.05)])).toBe(3.08);
    const updated = withCurrentOdds(
      [pick('1', 'No', 1.5), pick('2', 'Cats', 1.8)],
      [
        { betId: '1', choice: 'No', odds: 1.5 },
        { betId: '2', choice: 'Cats', odds: 2.05 },
      ],
    );
    expect(updated.map((p) => p.odds)).toEqual([1.5, 2.05]);
  });
});
