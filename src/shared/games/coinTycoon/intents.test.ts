// The tycoon's intents: forged and invalid ones refused without a change, and the coins they move.
import { describe, expect, it } from 'vitest';
import {
  costOf,
  newTycoonState,
  settle,
  TYCOON_BOOST_MS,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_DAILY_COIN_MAX,
  TYCOON_MAX_BUY,
  TYCOON_STARTING_BUCKS,
  type TycoonState,
} from './rules';
import {
  buy,
  buyBoost,
  claimDividend,
  coinFlow,
  dividendCoins,
  hireManager,
  prestige,
  startCycle,
  TYCOON_INTENTS,
} from './intents';
import { formatBig, log10Big } from './storage';
import { bigBelow, HOUR, LEMONADE, snapshot, stateWith, T0 } from './testing';
import { seededRandom } from '../engine/testing';

describe('coin tycoon: forged and invalid intents are refused and change nothing', () => {
  const refused = (
    s: TycoonState,
    intent: (s: TycoonState) => unknown,
    message: string | RegExp,
  ): void => {
    const before = snapshot(s);
    expect(() => intent(s)).toThrow(RangeError);
    expect(() => intent(s)).toThrow(message);
    expect(snapshot(s)).toBe(before);
  };

  it('a buy with bucks not yet earned: refused at t exactly when settle(t) falls short', () => {
    const s = stateWith({ bucks: 0n }, { lemonade: { owned: 10, managed: true } });
    const cost = costOf(LEMONADE, 10, 10);
    // Each Lemonade cycle pays 10 bucks now; find the first moment the balance covers the buy.
    const cycles = Number((cost + 9n) / 10n);
    const ready = T0 + cycles * 600;
    expect(settle(s, ready - 1).state.bucks < cost).toBe(true);
    refused(
      s,
      (x) => buy(x, 'lemonade', 10, ready - 1),
      `Not enough bucks: 10 Lemonade Stands cost ${formatBig(cost)}`,
    );
    const bought = buy(s, 'lemonade', 10, ready);
    expect(bought.businesses.lemonade.owned).toBe(20);
    expect(bought.bucks).toBe(settle(s, ready).state.bucks - cost);
  });

  it('says what is short in a readable message', () => {
    const s = stateWith({ bucks: 0n }, { lemonade: { owned: 50 } });
    refused(
      s,
      (x) => buy(x, 'lemonade', 10, T0),
      'Not enough bucks: 10 Lemonade Stands cost 1.62K',
    );
    refused(s, (x) => buy(x, 'lemonade', 1, T0), 'Not enough bucks: 1 Lemonade Stand costs 118');
    refused(
      s,
      (x) => buy(x, 'lemonade', 'max', T0),
      'Not enough bucks: 1 Lemonade Stand costs 118',
    );
    refused(
      stateWith({ bucks: 0n }, { 'car-wash': { owned: 2 } }),
      (x) => buy(x, 'car-wash', 2, T0),
      /^Not enough bucks: 2 Car Washes cost/,
    );
  });

  it('hiring a manager twice, without the business or without the bucks', () => {
    const s = stateWith({ bucks: 10n ** 7n }, { lemonade: { owned: 1 } });
    const hired = hireManager(s, 'lemonade', T0);
    expect(hired.bucks).toBe(10n ** 7n - LEMONADE.managerPrice);
    refused(hired, (x) => hireManager(x, 'lemonade', T0 + 1), 'already has a manager');
    refused(hired, (x) => startCycle(x, 'lemonade', T0 + 1), 'manager already runs it');
    refused(s, (x) => hireManager(x, 'newspaper', T0), 'Buy a Newspaper Route first');
    refused(
      { ...s, bucks: 999n },
      (x) => hireManager(x, 'lemonade', T0),
      'Not enough bucks: the Lemonade Stand manager costs 1.00K',
    );
  });

  it('selling with no new investor, unknown businesses and bad counts', () => {
    const s = newTycoonState(T0);
    refused(s, (x) => prestige(x, T0), 'no new investors; the next joins at 1.00B lifetime bucks');
    refused(
      { ...s, lifetimeBucks: 3n * 10n ** 9n, investors: 1n },
      (x) => prestige(x, T0),
      'the next joins at 4.00B',
    );
    refused(s, (x) => buy(x, 'oil-rig', 1, T0), 'No such business: oil-rig');
    for (const n of [0, -1, 1.5, TYCOON_MAX_BUY + 1, Number.NaN])
      refused(s, (x) => buy(x, 'lemonade', n, T0), 'Buy between 1 and 10,000 at once');
    refused(s, (x) => startCycle(x, 'donut', T0), 'Buy a Donut Shop first');
    expect(() => settle(s, 1.5)).toThrow(RangeError);
  });

  it('a new company can play at once: start the stand, buy more, buy the max', () => {
    const s = newTycoonState(T0);
    expect(s.businesses.lemonade.owned).toBe(1);
    expect(startCycle(s, 'lemonade', T0).businesses.lemonade.cycleStart).toBe(T0);
    expect(buy(s, 'lemonade', 1, T0).bucks).toBe(TYCOON_STARTING_BUCKS - 5n);
    expect(buy(s, 'lemonade', 'max', T0).businesses.lemonade.owned).toBe(3);
  });
});

describe('coin tycoon: coins', () => {
  it('the dividend is floor(40 log10(1 + bucks)) exactly, matching Math.log10 wherever a double decides it', () => {
    const random = seededRandom(2406);
    let compared = 0;
    for (let i = 0; i < 2000; i++) {
      const x = Math.floor(10 ** (random.float() * 15.5)) - 1;
      const byFloat = Math.min(TYCOON_DAILY_COIN_MAX, Math.floor(40 * Math.log10(1 + x)));
      const exact = 40 * Math.log10(1 + x);
      if (Math.abs(exact - Math.round(exact)) < 1e-9) continue; // a double cannot decide the floor here
      expect(dividendCoins(BigInt(x)), String(x)).toBe(byFloat);
      compared++;
    }
    expect(compared).toBeGreaterThan(1900);
    // The boundaries where a double could round either way, exact: 10^k and 10^12.5.
    for (let k = 1; k <= 12; k++) {
      expect(dividendCoins(10n ** BigInt(k) - 1n)).toBe(40 * k);
      if (k > 1) expect(dividendCoins(10n ** BigInt(k) - 2n)).toBe(40 * k - 1);
    }
    // sqrt(10^25) = 3,162,277,660,168.38: one more buck crosses 500.
    expect(dividendCoins(3_162_277_660_167n)).toBe(499);
    expect(dividendCoins(3_162_277_660_168n)).toBe(500);
    expect([0n, -5n, 1n, 10n ** 13n, 10n ** 4000n].map(dividendCoins)).toEqual([
      0, 0, 12, 500, 500,
    ]);
  });

  it('log10Big agrees with Math.log10 for doubles and stays accurate for huge values', () => {
    const random = seededRandom(2407);
    for (let i = 0; i < 500; i++) {
      const n = bigBelow(random, 300);
      expect(Math.abs(log10Big(n) - Math.log10(Number(n)))).toBeLessThan(1e-12);
    }
    for (let i = 0; i < 200; i++) {
      const m = 1 + random.below(1_000_000);
      const k = 300 + random.below(5000);
      expect(Math.abs(log10Big(BigInt(m) * 10n ** BigInt(k)) - (k + Math.log10(m)))).toBeLessThan(
        1e-9,
      );
    }
    expect(log10Big(1n)).toBe(0);
    expect(() => log10Big(0n)).toThrow(RangeError);
  });

  it('the dividend is claimed once per UTC day and restarts the count', () => {
    const s = stateWith({ bucksSinceClaim: 999n }, { lemonade: { owned: 1, managed: true } });
    const { state: claimed, coins } = claimDividend(s, T0);
    expect(coins).toBe(120);
    expect(claimed.bucksSinceClaim).toBe(0n);
    expect(claimed.lastClaimDay).toBe('2025-01-01');
    expect(() => claimDividend(claimed, T0 + 11 * HOUR + 59 * 60_000)).toThrow(
      'already claimed today',
    );
    const tomorrow = claimDividend(claimed, T0 + 12 * HOUR); // 00:00 UTC on the 2nd
    expect(tomorrow.state.lastClaimDay).toBe('2025-01-02');
    expect(tomorrow.coins).toBe(dividendCoins(settle(claimed, T0 + 12 * HOUR).earned));
    expect(() => claimDividend(newTycoonState(T0), T0)).toThrow('still 0 coins');
  });

  it('the faucet is bounded by the published daily maximum and the boost only ever costs coins', () => {
    expect(TYCOON_DAILY_COIN_MAX).toBe(500);
    expect(TYCOON_INTENTS.reduce((sum, i) => sum + Math.max(0, coinFlow(i).max), 0)).toBe(
      TYCOON_DAILY_COIN_MAX,
    );
    expect(coinFlow('boost')).toEqual({
      min: -TYCOON_BOOST_PRICE_COINS,
      max: -TYCOON_BOOST_PRICE_COINS,
    });
    for (const i of TYCOON_INTENTS)
      if (i !== 'claim' && i !== 'boost') expect(coinFlow(i)).toEqual({ min: 0, max: 0 });
    // Boosts stack up to 24 h ahead.
    let s = newTycoonState(T0);
    for (let i = 1; i <= 6; i++) {
      s = buyBoost(s, T0);
      expect(s.boostUntil).toBe(T0 + i * TYCOON_BOOST_MS);
    }
    expect(() => buyBoost(s, T0)).toThrow('already stocked');
    expect(buyBoost(s, T0 + TYCOON_BOOST_MS).boostUntil).toBe(T0 + 7 * TYCOON_BOOST_MS);
  });
});
