// Merge Lab's words, intents and the board as the page shows it, free of React so they are
// tested on their own (mergeLabView.test.ts). Every rule is the shared one the server checks with
// (shared/games/mergeLab/rules.ts): the page pre-checks a move with it, the server decides.
import type {
  MergeLabActionResponse,
  MergeLabDto,
} from '../../../../shared/games/mergeLab/contract';
import type { RoundDto } from '../../../../shared/api/fairness';
import * as lab from '../../../../shared/games/mergeLab/rules';
import { formatCoins } from '../../../lib/format';

/** Fallbacks when a failure carries no message of the server's. */
export const LOAD_FAILED = 'Failed to load your lab';
export const ACTION_FAILED = 'That did not work. Try again.';

/** The lab as the page keeps it: the server's view and how far its clock is from this browser's. */
export type LabView = MergeLabDto & { offsetMs: number };

/** An answer's or a read's view, noting the clock offset as it arrives (the one-way delay is small next to a 2-minute point). */
export function labViewOf(dto: MergeLabDto, receivedAt: number = Date.now()): LabView {
  const serverAt = Date.parse(dto.serverTime);
  return {
    state: dto.state,
    serverTime: dto.serverTime,
    nextEnergyAt: dto.nextEnergyAt,
    offsetMs: Number.isFinite(serverAt) ? serverAt - receivedAt : 0,
  };
}

/** A read answered after an action it crossed must not put the older board back. */
export function newerView<T extends { serverTime: string }>(
  current: T | undefined,
  incoming: T,
): T {
  if (current && Date.parse(current.serverTime) > Date.parse(incoming.serverTime)) return current;
  return incoming;
}

export type LabIntent =
  | { kind: 'tap' }
  | { kind: 'merge' | 'move'; from: number; to: number }
  | { kind: 'sell'; cell: number }
  | { kind: 'deliver'; order: number; cell: number };

/** An intent and the item it acts on as the page showed it when sent, so its outcome can be told. */
export type LabAction = LabIntent & { item?: lab.MergeItem };

/** Where an item may be dropped: a cell, an order card or the sell tray. */
export type DropTarget =
  { kind: 'cell'; cell: number } | { kind: 'order'; order: number } | { kind: 'sell' };

const rowOf = (cell: number): number => Math.floor(cell / lab.BOARD_COLS);
const colOf = (cell: number): number => cell % lab.BOARD_COLS;
export const cellName = (cell: number): string =>
  `row ${rowOf(cell) + 1}, column ${colOf(cell) + 1}`;

export const itemName = (item: lab.MergeItem): string => lab.itemInfo(item).name;
export const sameItem = (
  a: lab.MergeItem | null | undefined,
  b: lab.MergeItem | null | undefined,
): boolean => !!a && !!b && a.c === b.c && a.t === b.t;

/** '1 coin', '1,000 coins'. */
export const coinsText = (n: number): string => `${formatCoins(n)} ${n === 1 ? 'coin' : 'coins'}`;

/** A cell's accessible name: what is in it, where it is, and whether it is the one picked up. */
export function cellLabel(cell: number, item: lab.MergeItem | null, selected: boolean): string {
  const what = item ? `${itemName(item)}, tier ${item.t}` : 'Empty';
  return `${what}, ${cellName(cell)}${selected ? ', selected' : ''}`;
}

/** mm:ss, rounded up so 00:00 shows only when the point has arrived. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function ruleRefusal(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : ACTION_FAILED;
  }
}

/**
 * What dropping (or choosing) the item in `from` on a target asks the server for, pre-checked with
 * the shared rule: a refusal carries the rule's own words, so nothing doomed is sent; null when
 * the drop means nothing (back onto its own cell).
 */
export function intentFor(
  state: lab.MergeLabState,
  from: number,
  target: DropTarget,
  nowMs: number,
): { intent: LabIntent } | { refusal: string } | null {
  const item = state.board[from];
  if (!item) return { refusal: 'That cell is empty' };
  switch (target.kind) {
    case 'cell': {
      if (target.cell === from) return null;
      if (!state.board[target.cell]) return { intent: { kind: 'move', from, to: target.cell } };
      const refusal = ruleRefusal(() => lab.merge(state, from, target.cell));
      return refusal ? { refusal } : { intent: { kind: 'merge', from, to: target.cell } };
    }
    case 'order': {
      const refusal = ruleRefusal(() => lab.deliver(state, target.order, from, nowMs));
      return refusal
        ? { refusal }
        : { intent: { kind: 'deliver', order: target.order, cell: from } };
    }
    case 'sell': {
      // Only the day's cap can refuse a sale of an item that is there.
      const refusal = ruleRefusal(() => lab.sell(state, from, nowMs));
      return refusal ? { refusal } : { intent: { kind: 'sell', cell: from } };
    }
  }
}

/** The first cell holding what an order asks for, or null. */
export const matchingCell = (
  board: readonly (lab.MergeItem | null)[],
  order: lab.MergeOrder,
): number | null => {
  const i = board.findIndex((item) => sameItem(item, order));
  return i < 0 ? null : i;
};

/** Selling asks first only where it throws away a long chain of merges. */
export const SELL_CONFIRM_TIER = 5;

/**
 * The board with the actions still on their way applied, by the same rules, so a merge shows at
 * once; each answer then replaces the base with the server's board. A tap's drop is the server's
 * draw, so a pending tap only spends its point; `pendingTaps` keeps the cells they will fill.
 */
export function withPending(
  base: lab.MergeLabState,
  actions: readonly LabIntent[],
  nowMs: number,
): { state: lab.MergeLabState; pendingTaps: number } {
  let state = base;
  let pendingTaps = 0;
  for (const action of actions) {
    try {
      state = applyIntent(lab.settleEnergy(state, nowMs), action, nowMs);
      if (action.kind === 'tap') pendingTaps += 1;
    } catch {
      // The server will refuse it too and say why; the board shows what it would keep.
    }
  }
  return { state, pendingTaps };
}

function applyIntent(
  state: lab.MergeLabState,
  intent: LabIntent,
  nowMs: number,
): lab.MergeLabState {
  switch (intent.kind) {
    case 'tap':
      if (state.energy < lab.TAP_ENERGY) throw new RangeError('Not enough energy');
      return { ...state, energy: state.energy - lab.TAP_ENERGY };
    case 'merge':
      return lab.merge(state, intent.from, intent.to);
    case 'move':
      return lab.move(state, intent.from, intent.to);
    case 'sell':
      return lab.sell(state, intent.cell, nowMs).state;
    case 'deliver':
      return lab.deliver(state, intent.order, intent.cell, nowMs).state;
  }
}

/** Why the generator cannot be tapped now, or null when it can. */
export function tapBlockedText(
  energy: number,
  freeCells: number,
  untilNextMs: number | null,
): string | null {
  if (energy < lab.TAP_ENERGY)
    return `Out of energy: the next point comes in ${countdownText(untilNextMs ?? lab.ENERGY_REGEN_MS)}.`;
  if (freeCells <= 0) return 'The board is full: merge, deliver or sell an item to make room.';
  return null;
}

/** What an answered action did, in words for the status line and screen readers. */
export function outcomeText(
  action: LabAction,
  answer: Pick<MergeLabActionResponse, 'coins' | 'drop' | 'state'>,
): string {
  const item = action.item;
  switch (action.kind) {
    case 'tap': {
      const drop = answer.drop;
      const dropped = drop ? answer.state.board[drop.cell] : null;
      return drop && dropped
        ? `New ${itemName(dropped)} in ${cellName(drop.cell)}.`
        : 'The generator dropped an item.';
    }
    case 'merge': {
      const made = answer.state.board[action.to];
      return item && made
        ? `Merged two ${itemName(item)} into ${itemName(made)}, tier ${made.t}.`
        : 'Merged.';
    }
    case 'move':
      return `Moved ${item ? itemName(item) : 'the item'} to ${cellName(action.to)}.`;
    case 'deliver':
      return `Delivered ${item ? itemName(item) : 'the order'}: +${coinsText(answer.coins)}.`;
    case 'sell':
      return answer.coins > 0
        ? `Sold ${item ? itemName(item) : 'the item'} for ${coinsText(answer.coins)}.`
        : `Cleared ${item ? itemName(item) : 'the item'} from the board (it sells for 0 coins).`;
  }
}

/** The /fairness verifier for a tap: its round, and its nonce and empty cells once the round is read. */
export function verifyTapHref(
  roundId: string,
  round: Pick<RoundDto, 'nonce' | 'params'> | null,
): string {
  const query = new URLSearchParams({ game: 'merge-lab' });
  if (round) {
    query.set('nonce', String(round.nonce));
    query.set('params', JSON.stringify(round.params));
  }
  query.set('round', roundId);
  return `/fairness?${query.toString()}#verify`;
}
