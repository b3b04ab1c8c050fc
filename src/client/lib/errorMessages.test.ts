import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api';
import {
  CONNECTION_ERROR,
  errorField,
  errorMessage,
  fieldKey,
  parlayErrorField,
  parlayErrorMessage,
} from './errorMessages';

const refused = (status: number, message: string, code = 'BAD_REQUEST', details?: unknown) =>
  new ApiError(status, message, code, details);

describe('errorMessage', () => {
  it('turns field-prefixed server texts into sentences and keeps the field', () => {
    const error = refused(404, 'recipientUsername: no user named bob', 'NOT_FOUND', [
      { field: 'recipientUsername', rule: 'not_found', value: 'bob' },
    ]);
    expect(errorMessage(error, 'Transfer failed')).toBe('There is no player called bob.');
    expect(errorField(error)).toBe('recipientUsername');
  });

  it('reads the field from validation details and from the start of the text', () => {
    const short = refused(400, 'username must be at least 3 characters', 'BAD_REQUEST', [
      {
        field: 'username',
        message: 'username must be at least 3 characters',
        rule: 'too_small',
        limit: 3,
      },
    ]);
    expect(errorMessage(short, 'Something went wrong')).toBe(
      'Usernames need at least 3 characters.',
    );
    expect(errorField(short)).toBe('username');
    const missing = refused(400, 'username is required', 'BAD_REQUEST', [
      { field: 'username', rule: 'required' },
    ]);
    expect(errorMessage(missing, 'Something went wrong')).toBe('Enter your username.');
    expect(errorField(missing)).toBe('username');
  });

  it('names list fields without their position for the rules, with it for the form', () => {
    const error = refused(
      400,
      'options.1.odds: options.odds must be at least 1.01',
      'BAD_REQUEST',
      [
        {
          field: 'options.1.odds',
          message: 'options.odds must be at least 1.01',
          rule: 'too_small',
          limit: 1.01,
        },
      ],
    );
    expect(errorMessage(error, 'Bet creation failed')).toBe('Odds must be at least 1.01.');
    expect(errorField(error)).toBe('options.1.odds');
    expect(fieldKey('options.1.odds')).toBe('options.odds');
  });

  it('words an unknown rule with the field in plain words', () => {
    expect(
      errorMessage(
        refused(400, 'endTime: endTime is odd', 'BAD_REQUEST', [
          { field: 'endTime', rule: 'invalid' },
        ]),
        'x',
      ),
    ).toBe('Enter the date and time the bet closes.');
    expect(errorMessage(refused(400, 'fooBar: fooBar must shine'), 'x')).toBe(
      'Foo bar must shine.',
    );
  });

  it('passes player sentences through and falls back without a message', () => {
    expect(
      errorMessage(
        refused(401, 'Invalid username or password', 'UNAUTHORIZED'),
        'Something went wrong',
      ),
    ).toBe('Invalid username or password');
    expect(errorField(refused(401, 'Invalid username or password', 'UNAUTHORIZED'))).toBeNull();
    expect(errorMessage(refused(403, 'Password is incorrect', 'FORBIDDEN'), 'x')).toBe(
      'Password is incorrect',
    );
    expect(errorMessage(new ApiError(502, null, null), 'Transfer failed')).toBe('Transfer failed');
    expect(errorMessage(new Error('boom'), 'Transfer failed')).toBe('Transfer failed');
  });

  it('uses the connection text only where the caller asks for it', () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    expect(errorMessage(offline, 'Transfer failed', CONNECTION_ERROR)).toBe('Connection error');
    expect(errorMessage(offline, 'Failed to load logs')).toBe('Failed to load logs');
  });
});

describe('words by code and details, not by message', () => {
  const reworded = (status: number, code: string, details: unknown, ...messages: string[]) =>
    messages.map((message) => errorMessage(refused(status, message, code, details), 'fallback'));

  it("says the same thing whatever the server's message", () => {
    const cases: [number, string, unknown, string, string][] = [
      [
        404,
        'NOT_FOUND',
        [{ field: 'recipientUsername', rule: 'not_found', value: 'bob' }],
        'recipientUsername: no user named bob',
        'Nobody answers to bob here',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'recipientUsername', rule: 'self' }],
        'recipientUsername: you cannot send coins to yourself',
        'Self-transfers refused',
      ],
      [
        409,
        'CONFLICT',
        [{ field: 'toUsername', rule: 'banned', value: 'eve' }],
        'toUsername: eve is banned and cannot trade',
        'Trading partner unavailable',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'username', rule: 'too_small', limit: 3 }],
        'username must be at least 3 characters',
        'Name too short (min 3)',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'amount', rule: 'integer' }],
        'amount must be a whole number of coins',
        'Fractions are not supported',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'amount', rule: 'too_small', limit: 1 }],
        'amount must be at least 1',
        'Amount below minimum',
      ],
      [
        409,
        'CONFLICT',
        [{ field: 'title', rule: 'taken', value: 'Rain' }],
        'title: a bet titled "Rain" already exists',
        'Duplicate title',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'options.1.odds', rule: 'decimals', limit: 2 }],
        'options.odds may have at most 2 decimals',
        'Too precise',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'bets', rule: 'payout_cap', limit: 10_000_000 }],
        'bets: a parlay pays at most 10,000,000 coins',
        'Payout cap hit',
      ],
      [
        403,
        'FORBIDDEN',
        [{ field: 'currentPassword', rule: 'incorrect' }],
        'currentPassword is incorrect',
        'Wrong password',
      ],
      [
        400,
        'BAD_REQUEST',
        [{ field: 'image', rule: 'too_big', limit: 5 * 1024 * 1024 }],
        'image must be at most 5 MB',
        'File too big',
      ],
      [409, 'SOLD_OUT', undefined, 'Sold out', 'No stock left'],
    ];
    for (const [status, code, details, before, after] of cases) {
      const [first, second] = reworded(status, code, details, before, after);
      expect(second, `${before} -> ${after}`).toBe(first);
      expect(first).not.toBe(after);
    }
    expect(
      reworded(
        404,
        'NOT_FOUND',
        [{ field: 'recipientUsername', rule: 'not_found', value: 'bob' }],
        'anything',
      ),
    ).toEqual(['There is no player called bob.']);
    expect(
      reworded(
        400,
        'BAD_REQUEST',
        [{ field: 'bets', rule: 'payout_cap', limit: 10_000_000 }],
        'anything',
      ),
    ).toEqual([
      'This parlay would pay more than the 10,000,000-coin limit. Lower the wager or drop a long shot.',
    ]);
    expect(
      reworded(409, 'CONFLICT', [{ field: 'amount', rule: 'exposure', limit: 1250 }], 'anything'),
    ).toEqual(['The treasury can cover at most 1,250 more coins on this option now.']);
    expect(
      reworded(409, 'CONFLICT', [{ field: 'amount', rule: 'exposure', limit: 1 }], 'anything'),
    ).toEqual(['The treasury can cover at most 1 more coin on this option now.']);
  });

  it("shows the server's message where it has no words, as the spec asks", () => {
    expect(
      errorMessage(
        refused(409, 'You already have a Minefield game running: finish it first', 'CONFLICT'),
        'x',
      ),
    ).toBe('You already have a Minefield game running: finish it first');
    expect(
      errorMessage(
        refused(400, 'mines must be at most cells - 1', 'BAD_REQUEST', [
          { field: 'mines', rule: 'invalid' },
        ]),
        'x',
      ),
    ).toBe('Mines must be at most cells - 1.');
    expect(errorMessage(refused(404, 'id: no trade with id 5', 'NOT_FOUND'), 'x')).toBe(
      'No trade with id 5.',
    );
  });

  it('ignores details that are not a refused field', () => {
    const odds = refused(409, 'The odds have changed', 'CONFLICT', {
      currentOdds: [],
      totalOdds: 2,
    });
    expect(errorMessage(odds, 'x')).toBe('The odds have changed');
    expect(errorField(odds)).toBeNull();
    expect(
      errorField(refused(400, 'x', 'BAD_REQUEST', [{ field: 'amount', rule: 'made_up' }])),
    ).toBeNull();
  });
});

describe('a parlay refused', () => {
  it('says what the treasury can cover of the whole parlay, and marks the stake', () => {
    const capped = refused(
      409,
      'amount: the treasury can cover a parlay of at most 120 coins now',
      'CONFLICT',
      [{ field: 'amount', rule: 'exposure', limit: 120 }],
    );
    expect(parlayErrorMessage(capped, 'x')).toBe(
      'The treasury can cover a parlay of at most 120 coins now.',
    );
    expect(parlayErrorField(capped)).toBe('amount');
    const none = refused(409, 'anything', 'CONFLICT', [
      { field: 'amount', rule: 'exposure', limit: 0 },
    ]);
    expect(parlayErrorMessage(none, 'x')).toBe('The treasury cannot cover this parlay now.');
  });

  it("takes the field from a treasury's message that has no details, and its words", () => {
    const bare = refused(409, 'amount: the treasury cannot cover this parlay now', 'CONFLICT');
    expect(parlayErrorField(bare)).toBe('amount');
    expect(parlayErrorMessage(bare, 'x')).toBe('The treasury cannot cover this parlay now.');
    // Only a 409 about the amount: the odds' 409 and other refusals mark no field.
    expect(parlayErrorField(refused(409, 'The odds have changed', 'CONFLICT'))).toBeNull();
    expect(parlayErrorField(refused(400, 'amount: made up', 'BAD_REQUEST'))).toBeNull();
  });

  it("shows the server's words for a leg from another community or the site", () => {
    const mixed = refused(
      400,
      "bets.betId: a parlay takes site bets only or one community's bets only; bet 5 is another community’s bet",
      'BAD_REQUEST',
      [{ field: 'bets.betId', rule: 'same_community', value: '5' }],
    );
    expect(parlayErrorMessage(mixed, 'x')).toBe(
      "A parlay takes site bets only or one community's bets only; bet 5 is another community’s bet.",
    );
    // A leg that is gone keeps its own words.
    const gone = refused(404, 'bets.betId: no bet with id 5', 'NOT_FOUND', [
      { field: 'bets.betId', rule: 'not_found', value: '5' },
    ]);
    expect(parlayErrorMessage(gone, 'x')).toBe('This bet does not exist any more.');
  });
});
