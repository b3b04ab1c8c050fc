import { describe, expect, it } from 'vitest';
import type { TycoonDto } from '../../../../shared/games/coinTycoon/contract';
import {
  businessOf,
  costOf,
  lifetimeForInvestors,
  maxAffordable,
  newTycoonState,
  TYCOON_BOOST_MS,
  TYCOON_MAX_BUY,
  type TycoonState,
} from '../../../../shared/games/coinTycoon/rules';
import { utcDay } from '../../../../shared/games/coinTycoon/intents';
import { rational } from '../../../../shared/games/engine/rational';
import {
  awayDetails,
  awayTitle,
  boostStatus,
  buyOptions,
  cycleText,
  dividendStatus,
  formatBucks,
  formatRate,
  maxUnits,
  milestoneHint,
  multiplierText,
  newerView,
  saleStatus,
  withOffset,
  type MaxMemo,
} from './coinTycoonView';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const H = 3_600_000;

const company = (over: Partial<TycoonState> = {}): TycoonState => ({
  ...newTycoonState(T0),
  ...over,
});

describe('formatting', () => {
  it('shows bucks exactly below 1,000 and short above, never rounding up', () => {
    expect(formatBucks(rational(51, 50))).toBe('1.02');
    expect(formatBucks(rational(4, 1))).toBe('4');
    expect(formatBucks(rational(2999, 2))).toBe('1.49K');
    expect(formatBucks(1_239_999n)).toBe('1.23M');
    expect(formatRate(0)).toBe('0');
    expect(formatRate(5 / 3)).toBe('1.66');
    expect(formatRate(41.79)).toBe('41.7');
    expect(formatRate(800)).toBe('800');
    expect(formatRate(10)).toBe('10');
    expect(formatRate(1.5)).toBe('1.5');
    expect(formatBucks(rational(480, 1))).toBe('480');
    expect(formatBucks(rational(1000, 1))).toBe('1.00K');
    expect(formatRate(123_456.7)).toBe('123K');
    expect(multiplierText(0n)).toBe('×1.00');
    expect(multiplierText(2n)).toBe('×1.04');
    expect(cycleText(600)).toBe('0.6 s');
    expect(cycleText(12_000)).toBe('12 s');
    expect(cycleText(96_000)).toBe('1 min 36 s');
  });

  it('names the next milestone until all four are reached', () => {
    expect(milestoneHint(0)).toBe('Next ×2 income at 25 owned (0/25)');
    expect(milestoneHint(25)).toBe('Next ×2 income at 50 owned (25/50)');
    expect(milestoneHint(199)).toBe('Next ×2 income at 200 owned (199/200)');
    expect(milestoneHint(200)).toBe('Every milestone reached: income ×16');
  });

  it('says the away summary with the 8 h cap', () => {
    expect(awayTitle(1_234_567n)).toBe('While you were away (8 h max): +1.23M bucks');
    expect(awayDetails({ awayMs: 9 * H, cappedMs: 8 * H })).toBe(
      'You were away 9 h 0 min; your managers worked the first 8 h of it.',
    );
    expect(awayDetails({ awayMs: 2 * 60_000 + 5000, cappedMs: 2 * 60_000 + 5000 })).toBe(
      'You were away 2 min; your managers kept working.',
    );
  });
});

describe('buy options', () => {
  const lemonade = businessOf('lemonade');

  it('prices ×1, ×10 and Max with the shared costs, Max finding what maxAffordable finds', () => {
    for (const [owned, bucks] of [
      [1, 10n],
      [0, 3n],
      [24, 5_000n],
      [150, 10n ** 12n],
    ] as const) {
      const memo = maxUnits(lemonade, owned, bucks, null);
      expect(memo.units).toBe(maxAffordable(lemonade, owned, bucks));
      const [one, ten, max] = buyOptions(lemonade, owned, bucks, memo);
      expect(one).toMatchObject({
        count: 1,
        cost: costOf(lemonade, owned, 1),
        affordable: costOf(lemonade, owned, 1) <= bucks,
      });
      expect(ten).toMatchObject({
        count: 10,
        cost: costOf(lemonade, owned, 10),
        affordable: costOf(lemonade, owned, 10) <= bucks,
      });
      expect(max!.count).toBe('max');
      expect(max!.affordable).toBe(memo.units > 0);
      expect(max!.cost).toBe(
        memo.units > 0 ? costOf(lemonade, owned, memo.units) : costOf(lemonade, owned, 1),
      );
    }
  });

  it('keeps the remembered Max while the bucks stay below the next unit, and searches again past it', () => {
    let memo: MaxMemo = maxUnits(lemonade, 1, 100n, null);
    const kept = maxUnits(lemonade, 1, memo.next! - 1n, memo);
    expect(kept).toBe(memo);
    memo = maxUnits(lemonade, 1, memo.next!, memo);
    expect(memo.units).toBe(kept.units + 1);
    // A purchase changes what is owned: never the old answer.
    expect(maxUnits(lemonade, 2, memo.next!, memo).units).toBe(
      maxAffordable(lemonade, 2, memo.next!),
    );
    expect(maxUnits(lemonade, 0, 10n ** 300n, null)).toMatchObject({
      units: TYCOON_MAX_BUY,
      next: null,
    });
  });
});

describe('dividend, boost and sale', () => {
  it('claims what the shared rule pays, or says why not', () => {
    expect(dividendStatus(company(), T0)).toEqual({ coins: 0, blocked: 'Earn bucks first' });
    expect(dividendStatus(company({ bucksSinceClaim: 1_000_000n }), T0)).toEqual({
      coins: 240,
      blocked: null,
    });
    expect(
      dividendStatus(company({ bucksSinceClaim: 1_000_000n, lastClaimDay: utcDay(T0) }), T0),
    ).toEqual({ coins: 0, blocked: 'Claimed today' });
    // A new UTC day opens the claim again.
    expect(
      dividendStatus(company({ bucksSinceClaim: 9n, lastClaimDay: utcDay(T0) }), T0 + 24 * H).coins,
    ).toBe(40);
  });

  it('sells the boost up to 24 h ahead and for 200 coins', () => {
    expect(boostStatus(company(), T0, 1000)).toEqual({ active: false, leftMs: 0, blocked: null });
    expect(boostStatus(company(), T0, 199).blocked).toBe('Not enough coins: the boost costs 200');
    expect(boostStatus(company(), T0, undefined).blocked).toBeNull();
    const running = company({ boostUntil: T0 + 20 * H });
    expect(boostStatus(running, T0, 1000)).toEqual({ active: true, leftMs: 20 * H, blocked: null });
    const full = company({ boostUntil: T0 + 24 * H - TYCOON_BOOST_MS + 1 });
    expect(boostStatus(full, T0, 1000).blocked).toBe('The boost is stocked for the next 24 hours');
  });

  it('counts the investors a sale brings by the published formula', () => {
    expect(saleStatus(company())).toEqual({ after: 0n, gained: 0n, nextAt: 10n ** 9n });
    expect(saleStatus(company({ lifetimeBucks: 4n * 10n ** 9n }))).toEqual({
      after: 2n,
      gained: 2n,
      nextAt: lifetimeForInvestors(3n),
    });
    expect(saleStatus(company({ lifetimeBucks: 4n * 10n ** 9n, investors: 2n }))).toEqual({
      after: 2n,
      gained: 0n,
      nextAt: 9n * 10n ** 9n,
    });
  });
});

describe('views', () => {
  const dto = (serverTime: number): TycoonDto => ({
    state: { bucks: '10' } as TycoonDto['state'],
    serverTime: new Date(serverTime).toISOString(),
    away: null,
    dividend: 0,
    investorsOnSale: '0',
  });

  it('stamps the clock offset at receipt and keeps the newer of two answers', () => {
    const early = withOffset(dto(T0), T0 - 1500);
    expect(early.offsetMs).toBe(1500);
    const late = withOffset(dto(T0 + 1000), T0);
    expect(newerView(late, early)).toBe(late);
    expect(newerView(early, late)).toBe(late);
    expect(newerView(undefined, early)).toBe(early);
  });
});
