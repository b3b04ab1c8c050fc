import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel, timeAgo } from './display';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [-30, 'just now'],
    [60, '1 minute ago'],
    [5 * 60 + 30, '5 minutes ago'],
    [3600, '1 hour ago'],
    [26 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [8 * 24 * 3600, 'last week'],
    [40 * 24 * 3600, 'last month'],
    [400 * 24 * 3600, 'last year'],
  ])('says %i seconds as %s', (seconds, said) => {
    expect(timeAgo(ago(seconds), NOW)).toBe(said);
  });

  it('says nothing for a time it cannot read', () => {
    expect(timeAgo('not a time', NOW)).toBe('');
  });
});

describe('the bell', () => {
  it('names its count for a screen reader and keeps the badge short', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(undefined)).toBe('Notifications');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
