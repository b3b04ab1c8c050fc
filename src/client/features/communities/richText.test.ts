import { describe, expect, it } from 'vitest';
import { richParts } from './richText';

describe('richParts', () => {
  it('makes http and https addresses links, leaving the sentence punctuation outside', () => {
    expect(richParts('see https://example.com/a?b=1. And (http://x.org/y)!', [])).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. And (' },
      { kind: 'link', text: 'http://x.org/y', href: 'http://x.org/y' },
      { kind: 'text', text: ')!' },
    ]);
  });

  it('keeps a bracket the address opened', () => {
    const [link] = richParts('https://en.wikipedia.org/wiki/Foo_(bar), ok', []);
    expect(link).toMatchObject({ kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)' });
  });

  it('leaves other schemes and markup as text', () => {
    const body = 'javascript:alert(1) <a href="https://evil">x</a> data:text/html,hi';
    const parts = richParts(body, []);
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['https://evil']);
    expect(parts.map((p) => p.text).join('')).toBe(body);
  });

  it('links mentions the server recognised, in the username’s own spelling, and no others', () => {
    expect(richParts('hi @Bob and @nobody, mail a@bob.com', ['bob'])).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', text: '@Bob', username: 'bob' },
      { kind: 'text', text: ' and @nobody, mail a@bob.com' },
    ]);
  });

  it('does not find mentions inside an address', () => {
    const parts = richParts('https://x.org/@bob @bob', ['bob']);
    expect(parts.map((p) => p.kind)).toEqual(['link', 'text', 'mention']);
  });
});
