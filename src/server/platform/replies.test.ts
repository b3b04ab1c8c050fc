import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializer } from './replies';

describe('replySerializer', () => {
  it('writes each branch of a union of objects with its own fields (POST /auth/register answers either)', () => {
    const write = replySerializer(
      z.union([
        z.object({ token: z.string(), user: z.object({ name: z.string() }) }),
        z.object({ pending: z.literal(true), message: z.string() }),
      ]),
    );
    expect(JSON.parse(write({ token: 't', user: { name: 'ann' }, secret: 1 }))).toEqual({
      token: 't',
      user: { name: 'ann' },
    });
    expect(JSON.parse(write({ pending: true, message: 'wait' }))).toEqual({
      pending: true,
      message: 'wait',
    });
  });

  it('still writes a union of strings, and a nullable object, as one type', () => {
    expect(replySerializer(z.enum(['a', 'b']).or(z.literal('c')))('c')).toBe('"c"');
    const nullable = replySerializer(z.object({ n: z.number() }).nullable());
    expect(nullable(null)).toBe('null');
    expect(JSON.parse(nullable({ n: 1 }))).toEqual({ n: 1 });
  });
});
