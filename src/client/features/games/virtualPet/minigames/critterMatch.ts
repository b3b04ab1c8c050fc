// Critter Match's rules, free of React (critterMatch.test.ts): 16 cards as 8 pairs of species
// emoji, two turned at a time, matched pairs stay up, all 8 found scores 100.
import { SPECIES } from '../../../../../shared/games/virtualPet/catalog';
import { CRITTER_MATCH_SCORE, MATCH_PAIRS } from '../../../../../shared/games/virtualPet/minigames';
import type { Rng } from './engine';

type CardState = 'down' | 'up' | 'matched';

export interface MatchCard {
  /** The species on its face: two cards share each. */
  face: string;
  emoji: string;
  name: string;
  state: CardState;
}

export interface MatchState {
  cards: MatchCard[];
  /** Cards turned up and not matched: one while choosing the second, two while a miss shows. */
  up: number[];
  /** Pairs of cards turned. */
  moves: number;
  pairs: number;
  done: boolean;
  /** What the last turn did, for the live region. */
  last: 'flip' | 'match' | 'miss' | null;
}

/** Fisher-Yates with the given draws. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The deck: MATCH_PAIRS species (distinct emoji) drawn from the catalogue, each twice, shuffled.
 * The order is decoration, not an outcome (the score is 100 for any order), so Math.random deals it.
 */
export function dealDeck(rng: Rng): MatchCard[] {
  const faces = shuffle(SPECIES, rng).slice(0, MATCH_PAIRS);
  const cards = faces.flatMap((s) =>
    [0, 1].map((): MatchCard => ({ face: s.key, emoji: s.emoji, name: s.name, state: 'down' })),
  );
  return shuffle(cards, rng);
}

export function createMatch(rng: Rng): MatchState {
  return { cards: dealDeck(rng), up: [], moves: 0, pairs: 0, done: false, last: null };
}

/** Two unmatched cards are up: they turn back down on hideMiss (or on the next flip). */
export const missShowing = (s: MatchState): boolean => s.up.length === 2;

/** The two unmatched cards turned back down. */
export function hideMiss(s: MatchState): MatchState {
  if (!missShowing(s)) return s;
  return {
    ...s,
    cards: s.cards.map((c, i) => (s.up.includes(i) ? { ...c, state: 'down' } : c)),
    up: [],
    last: null,
  };
}

/**
 * Turns card `index` up. A card already up or matched, or a finished game, is left as it is. While
 * a miss shows, the next flip first turns the miss back down, so a quick player never waits.
 */
export function flipCard(state: MatchState, index: number): MatchState {
  if (state.done) return state;
  const target = state.cards[index];
  if (!target || target.state !== 'down') return state;
  const s = hideMiss(state);
  const cards = s.cards.map((c, i) => (i === index ? { ...c, state: 'up' as const } : c));
  const up = [...s.up, index];
  if (up.length < 2) return { ...s, cards, up, last: 'flip' };

  const [a, b] = up as [number, number];
  const moves = s.moves + 1;
  if (cards[a]!.face !== cards[b]!.face) return { ...s, cards, up, moves, last: 'miss' };
  const matched = cards.map((c, i) =>
    i === a || i === b ? { ...c, state: 'matched' as const } : c,
  );
  const pairs = s.pairs + 1;
  return { cards: matched, up: [], moves, pairs, done: pairs === MATCH_PAIRS, last: 'match' };
}

/** The score the run claims: 100 once every pair is found, else 0 (nothing is sent). */
export const matchScore = (s: MatchState): number => (s.done ? CRITTER_MATCH_SCORE : 0);

/** A card's accessible name: its position, and its face only once it is turned up. */
export function cardLabel(card: MatchCard, index: number): string {
  const position = `Card ${index + 1}`;
  if (card.state === 'down') return `${position}, face down`;
  return `${position}, ${card.name}${card.state === 'matched' ? ', matched' : ''}`;
}

/** What the live region says after a flip. */
export function announceFlip(s: MatchState, index: number): string {
  const card = s.cards[index];
  if (!card) return '';
  switch (s.last) {
    case 'match':
      return s.done
        ? `${card.name}: a match! All ${MATCH_PAIRS} pairs found.`
        : `${card.name}: a match! ${s.pairs} of ${MATCH_PAIRS} pairs found.`;
    case 'miss':
      return `${card.name}: no match.`;
    case 'flip':
      return `${card.name}.`;
    default:
      return '';
  }
}
