import { describe, expect, it } from 'vitest';
import { nextReset, periodStart } from './periods';

const at = (iso: string) => new Date(iso);

describe('task periods', () => {
  it('daily: from 00:00 UTC to the next 00:00 UTC', () => {
    expect(periodStart('daily', at('2030-03-06T23:59:59.999Z')).toISOString()).toBe(
      '2030-03-06T00:00:00.000Z',
    );
    expect(periodStart('daily', at('2030-03-07T00:00:00Z')).toISOString()).toBe(
      '2030-03-07T00:00:00.000Z',
    );
    expect(nextReset('daily', at('2030-03-06T23:59:00Z'))?.toISOString()).toBe(
      '2030-03-07T00:00:00.000Z',
    );
  });

  it('weekly: from Monday 00:00 UTC (2030-03-04 is a Monday)', () => {
    expect(periodStart('weekly', at('2030-03-04T00:00:00Z')).toISOString()).toBe(
      '2030-03-04T00:00:00.000Z',
    );
    expect(periodStart('weekly', at('2030-03-10T23:59:59Z')).toISOString()).toBe(
      '2030-03-04T00:00:00.000Z',
    );
    expect(periodStart('weekly', at('2030-03-03T23:59:59Z')).toISOString()).toBe(
      '2030-02-25T00:00:00.000Z',
    );
    expect(nextReset('weekly', at('2030-03-08T12:00:00Z'))?.toISOString()).toBe(
      '2030-03-11T00:00:00.000Z',
    );
  });

  it('bonus: one period for ever', () => {
    expect(periodStart('bonus', at('2030-03-08T12:00:00Z')).getTime()).toBe(0);
    expect(nextReset('bonus', at('2030-03-08T12:00:00Z'))).toBeNull();
  });
});
