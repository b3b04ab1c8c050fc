import { describe, expect, it } from 'vitest';
import { futureDateTime, isIsoDateTime } from './common';

describe('isIsoDateTime', () => {
  it.each([
    '2030-01-31T18:00:00Z',
    '2030-01-31T18:00Z',
    '2030-01-31T18:00:00.123Z',
    '2030-01-31T18:00:00+02:00',
    '2028-02-29T00:00:00Z',
  ])('accepts %s', (text) => expect(isIsoDateTime(text)).toBe(true));

  it.each([
    '2030-02-30T00:00:00Z',
    '2029-02-29T00:00:00Z',
    '10000-01-01',
    '+010000-01-01T00:00:00Z',
    '2030-01-31',
    '2030-01-31T24:00:00Z',
    '2030-13-01T00:00:00Z',
    '2030-01-31T18:00:00',
    'tomorrow',
    '2030-01-31T18:00:00+25:00',
  ])('refuses %s', (text) => expect(isIsoDateTime(text)).toBe(false));
});

describe('futureDateTime', () => {
  const schema = futureDateTime('endTime');
  it('takes an instant in the next ten years', () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    expect(schema.parse(soon).toISOString()).toBe(soon);
  });
  it('refuses the past and more than ten years ahead, naming the field', () => {
    const past = schema.safeParse(new Date(Date.now() - 1000).toISOString());
    const far = schema.safeParse(new Date(Date.now() + 11 * 365 * 86_400_000).toISOString());
    expect(past.success || far.success).toBe(false);
    expect(past.error?.issues[0]?.message).toMatch(/^endTime must be in the future/);
    expect(far.error?.issues[0]?.message).toMatch(/^endTime must be within ten years/);
  });
});
