import { describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../../shared/api/notifications';
import {
  belongsIn,
  filterFromSearch,
  withNew,
  withRead,
  without,
  type InboxData,
  type InboxFilter,
} from './inboxCache';

const note = (id: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  _id: String(id),
  kind: 'coins_received',
  title: `Note ${id}`,
  body: '',
  link: '/dashboard',
  createdAt: '2025-01-01T00:00:00.000Z',
  readAt: null,
  ...over,
});

const data = (...pages: NotificationDto[][]): InboxData => ({
  pages: pages.map((notifications, i) => ({
    notifications,
    unread: 0,
    nextCursor: i < pages.length - 1 ? String(i) : null,
  })),
  pageParams: pages.map((_, i) => (i === 0 ? null : String(i - 1))),
});

const ids = (d: InboxData) => d.pages.map((p) => p.notifications.map((n) => n._id));
const ALL: InboxFilter = { unread: false, group: null };

describe('the inbox cache', () => {
  it('puts a new notification on top of the first page, once', () => {
    const before = data([note(3), note(2)], [note(1)]);
    const after = withNew(before, ALL, note(4));
    expect(ids(after)).toEqual([['4', '3', '2'], ['1']]);
    expect(withNew(after, ALL, note(4))).toBe(after);
    expect(ids(before)).toEqual([['3', '2'], ['1']]);
  });

  it('keeps a new notification out of a list filtered to another group, or to unread when read', () => {
    const before = data([note(1)]);
    expect(withNew(before, { unread: false, group: 'Trades' }, note(2))).toBe(before);
    expect(
      ids(withNew(before, { unread: true, group: 'Trades' }, note(2, { kind: 'trade_offered' }))),
    ).toEqual([['2', '1']]);
    expect(belongsIn({ unread: true, group: null }, { kind: 'mention', readAt: 'x' })).toBe(false);
    expect(belongsIn({ unread: false, group: 'Coins' }, { kind: 'admin_grant', readAt: 'x' })).toBe(
      true,
    );
  });

  it('reads the named notifications or all, keeping earlier read times', () => {
    const before = data([note(3), note(2, { readAt: 'earlier' })], [note(1)]);
    const some = withRead(before, ['3', '2'], 'now');
    expect(some.pages.flatMap((p) => p.notifications.map((n) => n.readAt))).toEqual([
      'now',
      'earlier',
      null,
    ]);
    const all = withRead(before, 'all', 'now');
    expect(all.pages.flatMap((p) => p.notifications.map((n) => n.readAt))).toEqual([
      'now',
      'earlier',
      'now',
    ]);
  });

  it('removes one notification from whichever page holds it', () => {
    expect(ids(without(data([note(3), note(2)], [note(1)]), '1'))).toEqual([['3', '2'], []]);
  });

  it('reads the filter from the address, ignoring unknown values', () => {
    expect(filterFromSearch(new URLSearchParams('show=unread&group=Coins'))).toEqual({
      unread: true,
      group: 'Coins',
    });
    expect(filterFromSearch(new URLSearchParams('show=yes&group=Nope'))).toEqual(ALL);
  });
});
