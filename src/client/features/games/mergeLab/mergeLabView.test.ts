import { describe, expect, it } from 'vitest';
import {
  dailyCapRefusal,
  ENERGY_MAX,
  ENERGY_REGEN_MS,
  initialState,
  nextOrder,
  orderPayout,
  type MergeItem,
  type MergeLabState,
} from '../../../../shared/games/mergeLab/rules';
import {
  cellLabel,
  countdownText,
  intentFor,
  labViewOf,
  matchingCell,
  newerView,
  outcomeText,
  tapBlockedText,
  verifyTapHref,
  withPending,
} from './mergeLabView';

const T0 = Date.parse('2026-11-26T08:00:00Z');

function board(
  items: Record<number, MergeItem>,
  base: MergeLabState = initialState(T0),
): MergeLabState {
  const cells = base.board.slice();
  for (const [cell, item] of Object.entries(items)) cells[Number(cell)] = item;
  return { ...base, board: cells };
}

const vial: MergeItem = { c: 'potion', t: 2 };
const shard: MergeItem = { c: 'crystal', t: 2 };

describe('merge lab view', () => {
  it('turns a drop or a choice into the intent the shared rules allow, with their words when they refuse', () => {
    const s = board({ 0: vial, 1: vial, 2: shard });
    expect(intentFor(s, 0, { kind: 'cell', cell: 1 }, T0)).toEqual({
      intent: { kind: 'merge', from: 0, to: 1 },
    });
    expect(intentFor(s, 0, { kind: 'cell', cell: 9 }, T0)).toEqual({
      intent: { kind: 'move', from: 0, to: 9 },
    });
    expect(intentFor(s, 0, { kind: 'cell', cell: 2 }, T0)).toEqual({
      refusal: 'Those two are not the same item',
    });
    expect(intentFor(s, 0, { kind: 'cell', cell: 0 }, T0)).toBeNull();
    expect(intentFor(s, 5, { kind: 'cell', cell: 0 }, T0)).toEqual({
      refusal: 'That cell is empty',
    });
    expect(intentFor(s, 2, { kind: 'sell' }, T0)).toEqual({ intent: { kind: 'sell', cell: 2 } });
    const order = s.orders[1]!;
    const held = board({ 7: order }, s);
    expect(intentFor(held, 7, { kind: 'order', order: 1 }, T0)).toEqual({
      intent: { kind: 'deliver', order: 1, cell: 7 },
    });
    expect(intentFor(held, 0, { kind: 'order', order: 1 }, T0)).toEqual({
      refusal: 'That is not what this order asks for',
    });
    // Past the day's cap the page refuses with the server's words, before sending anything (issue 34).
    const capped = { ...held, paidDay: Math.floor(T0 / 86_400_000), paidToday: 359 };
    expect(intentFor(capped, 7, { kind: 'order', order: 1 }, T0)).toEqual({
      refusal: dailyCapRefusal(359, orderPayout(order.t), 'order'),
    });
    expect(matchingCell(held.board, order)).toBe(7);
    expect(matchingCell(s.board, { c: 'plant', t: 8 })).toBeNull();
  });

  it('shows pending actions on the board by the same rules, skipping what the server would refuse', () => {
    const s = board({ 0: vial, 1: vial, 2: shard });
    const { state, pendingTaps } = withPending(
      s,
      [
        { kind: 'merge', from: 0, to: 1 },
        { kind: 'tap' },
        { kind: 'merge', from: 1, to: 2 },
        { kind: 'move', from: 1, to: 10 },
        { kind: 'sell', cell: 2 },
      ],
      T0,
    );
    expect(pendingTaps).toBe(1);
    expect(state.energy).toBe(ENERGY_MAX - 1);
    expect(state.board[0]).toBeNull();
    expect(state.board[1]).toBeNull();
    expect(state.board[10]).toEqual({ c: 'potion', t: 3 });
    expect(state.board[2]).toBeNull();
    // A delivery shows the next card of the published sequence at once.
    const order = s.orders[0]!;
    const delivered = withPending(
      board({ 4: order }, s),
      [{ kind: 'deliver', order: 0, cell: 4 }],
      T0,
    ).state;
    expect(delivered.orders[0]).toEqual(nextOrder(s.orderCounter));
    expect(delivered.board[4]).toBeNull();
    // No energy: the pending tap is not shown as spent twice.
    expect(withPending({ ...s, energy: 0, energyAt: T0 }, [{ kind: 'tap' }], T0).pendingTaps).toBe(
      0,
    );
  });

  it('says why the generator is off, and counts down in mm:ss rounded up', () => {
    expect(countdownText(ENERGY_REGEN_MS)).toBe('02:00');
    expect(countdownText(61_001)).toBe('01:02');
    expect(countdownText(999)).toBe('00:01');
    expect(countdownText(-5)).toBe('00:00');
    expect(tapBlockedText(0, 10, 75_000)).toBe('Out of energy: the next point comes in 01:15.');
    expect(tapBlockedText(5, 0, null)).toBe(
      'The board is full: merge, deliver or sell an item to make room.',
    );
    expect(tapBlockedText(5, 3, null)).toBeNull();
  });

  it('names cells and outcomes for the status line and screen readers', () => {
    expect(cellLabel(7, vial, true)).toBe('Fizzy Vial, tier 2, row 2, column 2, selected');
    expect(cellLabel(41, null, false)).toBe('Empty, row 7, column 6');
    const after = board({ 1: { c: 'potion', t: 3 } });
    expect(
      outcomeText(
        { kind: 'merge', from: 0, to: 1, item: vial },
        { coins: 0, drop: null, state: after },
      ),
    ).toBe('Merged two Fizzy Vial into Bubbling Flask, tier 3.');
    expect(
      outcomeText({ kind: 'sell', cell: 3, item: vial }, { coins: 0, drop: null, state: after }),
    ).toBe('Cleared Fizzy Vial from the board (it sells for 0 coins).');
    expect(
      outcomeText(
        { kind: 'deliver', order: 0, cell: 3, item: vial },
        { coins: 2, drop: null, state: after },
      ),
    ).toBe('Delivered Fizzy Vial: +2 coins.');
    const dropped = board({ 13: { c: 'plant', t: 1 } });
    expect(
      outcomeText(
        { kind: 'tap' },
        { coins: 0, drop: { chain: 'plant', cell: 13, roundId: '9' }, state: dropped },
      ),
    ).toBe('New Acorn in row 3, column 2.');
  });

  it('keeps the newer of two views and notes the server clock offset', () => {
    const older = labViewOf(
      { state: initialState(T0), serverTime: new Date(T0).toISOString(), nextEnergyAt: null },
      T0 - 1500,
    );
    expect(older.offsetMs).toBe(1500);
    const newer = { ...older, serverTime: new Date(T0 + 1).toISOString() };
    expect(newerView(newer, older)).toBe(newer);
    expect(newerView(older, newer)).toBe(newer);
    expect(newerView(undefined, older)).toBe(older);
  });

  it('links a tap to its round on /fairness', () => {
    const url = new URL(
      verifyTapHref('42', { nonce: 7, params: { emptyCells: [1, 2] } }),
      'http://x',
    );
    expect([
      url.pathname,
      url.hash,
      url.searchParams.get('game'),
      url.searchParams.get('nonce'),
      url.searchParams.get('round'),
    ]).toEqual(['/fairness', '#verify', 'merge-lab', '7', '42']);
    expect(JSON.parse(url.searchParams.get('params')!)).toEqual({ emptyCells: [1, 2] });
    expect(new URL(verifyTapHref('42', null), 'http://x').searchParams.has('nonce')).toBe(false);
  });
});
