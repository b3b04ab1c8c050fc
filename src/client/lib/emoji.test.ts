import { describe, expect, it } from 'vitest';
import { emojiFile, emojiIn, emojiUrl, splitEmoji } from './emoji';
// @ts-expect-error plain ESM script without types
import { emojiUsed, twemojiSource } from '../../../scripts/emoji.mjs';

describe('emojiFile', () => {
  it('names a single pictograph by its code point', () => {
    expect(emojiFile('🍒')).toBe('1f352');
    expect(emojiFile('🪙')).toBe('1fa99');
    expect(emojiUrl('🍒')).toBe('/static/emoji/1f352.svg');
  });

  it('drops FE0F from a sequence without ZWJ', () => {
    expect(emojiFile('⚔️')).toBe('2694');
    expect(emojiFile('🛡️')).toBe('1f6e1');
    expect(emojiFile('#️⃣')).toBe('23-20e3');
  });

  it('names a flag by its two regional indicators, and a subdivision flag by its tags', () => {
    expect(emojiFile('🇫🇷')).toBe('1f1eb-1f1f7');
    expect(emojiFile('🇯🇵')).toBe('1f1ef-1f1f5');
    expect(emojiFile('🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBe('1f3f4-e0067-e0062-e0073-e0063-e0074-e007f');
  });

  it('keeps FE0F inside a ZWJ sequence, and a skin tone', () => {
    expect(emojiFile('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308');
    expect(emojiFile('❤️‍🔥')).toBe('2764-fe0f-200d-1f525');
    expect(emojiFile('👋🏽')).toBe('1f44b-1f3fd');
  });

  it('finds each of these in the Twemoji set (a ZWJ sequence stored without its FE0F too)', () => {
    for (const char of ['🍒', '⚔️', '#️⃣', '🇫🇷', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏳️‍🌈', '❤️‍🔥', '👋🏽', '👁️‍🗨️']) {
      expect(twemojiSource(emojiFile(char)), char).not.toBeNull();
    }
  });
});

describe('splitEmoji', () => {
  it('cuts text into text and whole emoji sequences', () => {
    expect(splitEmoji('2 × 🫐 Berry Bites, 1 × 🧶')).toEqual([
      { text: '2 × ', emoji: false },
      { text: '🫐', emoji: true },
      { text: ' Berry Bites, 1 × ', emoji: false },
      { text: '🧶', emoji: true },
    ]);
    expect(splitEmoji('🇫🇷🇩🇪')).toEqual([
      { text: '🇫🇷', emoji: true },
      { text: '🇩🇪', emoji: true },
    ]);
    expect(splitEmoji('a 🏳️‍🌈 b').map((p) => p.text)).toEqual(['a ', '🏳️‍🌈', ' b']);
    expect(splitEmoji('👋🏽!').map((p) => p.text)).toEqual(['👋🏽', '!']);
  });

  it('leaves text-style symbols and plain text alone', () => {
    expect(splitEmoji('▶ Rules © ↕ 10')).toEqual([{ text: '▶ Rules © ↕ 10', emoji: false }]);
    expect(splitEmoji('')).toEqual([]);
    expect([...emojiIn('▶️ ⚔️ ⚔️')]).toEqual(['▶️', '⚔️']);
  });
});

describe('the emoji the app writes', () => {
  it('every emoji in src/ has a Twemoji image, so the build copies one for each', async () => {
    const used: Map<string, string> = await emojiUsed();
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used]
      .filter(([name]) => twemojiSource(name) === null)
      .map(([, char]) => char);
    expect(missing).toEqual([]);
  });
});
