import { describe, expect, it } from 'vitest';
import { classifySpin, makeMoneyRain, SLOT_EMOJIS, SLOT_TOY, spinReels } from './slotToy';

describe('classifySpin', () => {
  it('ignores anything short of a triple', () => {
    expect(classifySpin(['🍒', '🍒', '🍋'])).toEqual({ kind: 'none' });
    expect(classifySpin([SLOT_TOY.skullEmoji, SLOT_TOY.skullEmoji, '🍋'])).toEqual({
      kind: 'none',
    });
    expect(classifySpin(['🍒', '🍒'])).toEqual({ kind: 'none' });
  });

  it('gives the pot and the skull their own messages', () => {
    const pot = classifySpin([SLOT_TOY.potEmoji, SLOT_TOY.potEmoji, SLOT_TOY.potEmoji]);
    expect(pot.kind).toBe('pot');
    expect(pot.kind === 'pot' && pot.message).toContain('culinary genius');
    const skull = classifySpin([SLOT_TOY.skullEmoji, SLOT_TOY.skullEmoji, SLOT_TOY.skullEmoji]);
    expect(skull.kind).toBe('skull');
    expect(skull.kind === 'skull' && skull.message).toContain('ghostly presence');
  });

  it('treats any other triple as a win', () => {
    expect(classifySpin(['💎', '💎', '💎'])).toMatchObject({ kind: 'win', emoji: '💎' });
  });
});

describe('spinReels', () => {
  it('draws three faces from the set, including the special ones', () => {
    expect(SLOT_EMOJIS).toContain(SLOT_TOY.potEmoji);
    expect(SLOT_EMOJIS).toContain(SLOT_TOY.skullEmoji);
    expect(spinReels(() => 0)).toEqual([SLOT_EMOJIS[0], SLOT_EMOJIS[0], SLOT_EMOJIS[0]]);
    expect(spinReels(() => 0.999999)).toEqual([
      SLOT_EMOJIS.at(-1),
      SLOT_EMOJIS.at(-1),
      SLOT_EMOJIS.at(-1),
    ]);
  });
});

describe('makeMoneyRain', () => {
  it('keeps every drop inside the viewport width', () => {
    const drops = makeMoneyRain(50);
    expect(drops).toHaveLength(50);
    for (const drop of drops) expect(drop.leftPercent).toBeLessThan(100);
  });
});
