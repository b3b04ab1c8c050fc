import { describe, expect, it } from 'vitest';
import { CRITTER_MATCH_SCORE, MATCH_PAIRS } from '../../../../../shared/games/virtualPet/minigames';
import {
  announceFlip,
  cardLabel,
  createMatch,
  dealDeck,
  flipCard,
  hideMiss,
  matchScore,
  missShowing,
  shuffle,
  type MatchState,
} from './critterMatch';
import { seededRng } from './engine';

/** The two positions of each face, in deck order. */
function pairsOf(s: MatchState): [number, number][] {
  const at = new Map<string, number[]>();
  s.cards.forEach((c, i) => at.set(c.face, [...(at.get(c.face) ?? []), i]));
  return [...at.values()].map((p) => [p[0]!, p[1]!]);
}

/** Two positions that do not match. */
function missOf(s: MatchState): [number, number] {
  const first = s.cards.findIndex((c) => c.state === 'down');
  const second = s.cards.findIndex(
    (c, i) => i !== first && c.state === 'down' && c.face !== s.cards[first]!.face,
  );
  return [first, second];
}

describe('critter match', () => {
  it('deals 16 cards: 8 species, each twice, all face down', () => {
    const deck = dealDeck(seededRng(1));
    expect(deck).toHaveLength(2 * MATCH_PAIRS);
    const faces = new Map<string, number>();
    for (const c of deck) faces.set(c.face, (faces.get(c.face) ?? 0) + 1);
    expect(faces.size).toBe(MATCH_PAIRS);
    expect([...faces.values()].every((n) => n === 2)).toBe(true);
    expect(new Set(deck.map((c) => c.emoji)).size).toBe(MATCH_PAIRS);
    expect(deck.every((c) => c.state === 'down')).toBe(true);
  });

  it('shuffles into a permutation', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const out = shuffle(items, seededRng(3));
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
  });

  it('keeps a matched pair face up', () => {
    const s = createMatch(seededRng(2));
    const [a, b] = pairsOf(s)[0]!;
    const one = flipCard(s, a);
    expect(one.up).toEqual([a]);
    expect(one.last).toBe('flip');
    const two = flipCard(one, b);
    expect(two.cards[a]!.state).toBe('matched');
    expect(two.cards[b]!.state).toBe('matched');
    expect(two.pairs).toBe(1);
    expect(two.moves).toBe(1);
    expect(two.up).toEqual([]);
    expect(two.last).toBe('match');
    expect(announceFlip(two, b)).toMatch(new RegExp(`a match! 1 of ${MATCH_PAIRS} pairs found`));
  });

  it('shows a miss until it is hidden, or until the next card is turned', () => {
    const s = createMatch(seededRng(4));
    const [a, b] = missOf(s);
    const miss = flipCard(flipCard(s, a), b);
    expect(missShowing(miss)).toBe(true);
    expect(miss.last).toBe('miss');
    expect(miss.moves).toBe(1);
    expect(announceFlip(miss, b)).toMatch(/no match/);
    const hidden = hideMiss(miss);
    expect(hidden.cards[a]!.state).toBe('down');
    expect(hidden.cards[b]!.state).toBe('down');
    expect(hidden.up).toEqual([]);
    expect(hideMiss(hidden)).toBe(hidden);
    const third = miss.cards.findIndex((c, i) => i !== a && i !== b);
    const next = flipCard(miss, third);
    expect(next.up).toEqual([third]);
    expect(next.cards[a]!.state).toBe('down');
    expect(next.cards[b]!.state).toBe('down');
  });

  it('ignores a card already up or matched, one out of range, and any card once done', () => {
    const s = createMatch(seededRng(5));
    const [a, b] = pairsOf(s)[0]!;
    const one = flipCard(s, a);
    expect(flipCard(one, a)).toBe(one);
    const matched = flipCard(one, b);
    expect(flipCard(matched, a)).toBe(matched);
    expect(flipCard(s, 99)).toBe(s);
    expect(flipCard(s, -1)).toBe(s);
  });

  it('scores 100 once all 8 pairs are found, and nothing before', () => {
    let s = createMatch(seededRng(6));
    expect(matchScore(s)).toBe(0);
    const pairs = pairsOf(s);
    pairs.forEach(([a, b], i) => {
      s = flipCard(flipCard(s, a), b);
      expect(s.done).toBe(i === pairs.length - 1);
    });
    expect(s.pairs).toBe(MATCH_PAIRS);
    expect(matchScore(s)).toBe(CRITTER_MATCH_SCORE);
    expect(announceFlip(s, pairs.at(-1)![1])).toMatch(/All 8 pairs found/);
    const [x] = pairs[0]!;
    expect(
      flipCard({ ...s, cards: s.cards.map((c, i) => (i === x ? { ...c, state: 'down' } : c)) }, x)
        .done,
    ).toBe(true);
  });

  it('names a card by its place, and its face only once turned', () => {
    const s = createMatch(seededRng(7));
    const card = s.cards[4]!;
    const down = cardLabel(card, 4);
    expect(down).toBe('Card 5, face down');
    expect(down).not.toContain(card.name);
    expect(down).not.toContain(card.emoji);
    expect(cardLabel({ ...card, state: 'up' }, 4)).toBe(`Card 5, ${card.name}`);
    expect(cardLabel({ ...card, state: 'matched' }, 4)).toBe(`Card 5, ${card.name}, matched`);
  });
});
