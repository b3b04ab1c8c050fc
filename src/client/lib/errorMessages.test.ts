import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api';
import { CONNECTION_ERROR, errorField, errorMessage, fieldKey } from './errorMessages';

const refused = (status: number, message: string, code = 'BAD_REQUEST', details?: unknown) =>
  new ApiError(status, message, code, details);

describe('errorMessage', () => {
  it('turns field-prefixed server texts into sentences and keeps the field', () => {
    const error = refused(404, 'recipientUsername: no user named bob', 'NOT_FOUND');
    expect(errorMessage(error, 'Transfer failed')).toBe('There is no player called bob.');
    expect(errorField(error)).toBe('recipientUsername');
  });

  it('reads the field from validation details and from the start of the text', () => {
    const short = refused(400, 'username must be at least 3 characters', 'BAD_REQUEST', [
      { field: 'username', message: 'username must be at least 3 characters' },
    ]);
    expect(errorMessage(short, 'Something went wrong')).toBe('Usernames need at least 3 characters.');
    expect(errorField(short)).toBe('username');
    const missing = refused(400, 'username is required');
    expect(errorMessage(missing, 'Something went wrong')).toBe('Enter your username.');
    expect(errorField(missing)).toBe('username');
  });

  it('names list fields without their position for the rules, with it for the form', () => {
    const error = refused(400, 'options.1.odds: options.odds must be at least 1.01', 'BAD_REQUEST', [
      { field: 'options.1.odds', message: 'options.odds must be at least 1.01' },
    ]);
    expect(errorMessage(error, 'Bet creation failed')).toBe('Odds must be at least 1.01.');
    expect(errorField(error)).toBe('options.1.odds');
    expect(fieldKey('options.1.odds')).toBe('options.odds');
  });

  it('words an unknown rule with the field in plain words', () => {
    expect(errorMessage(refused(400, 'endTime: endTime is odd'), 'x')).toBe('Enter the date and time the bet closes.');
    expect(errorMessage(refused(400, 'fooBar: fooBar must shine'), 'x')).toBe('Foo bar must shine.');
  });

  it('passes player sentences through and falls back without a message', () => {
    expect(errorMessage(refused(401, 'Invalid username or password', 'UNAUTHORIZED'), 'Something went wrong')).toBe(
      'Invalid username or password',
    );
    expect(errorField(refused(401, 'Invalid username or password', 'UNAUTHORIZED'))).toBeNull();
    expect(errorMessage(refused(403, 'Password is incorrect', 'FORBIDDEN'), 'x')).toBe('Password is incorrect');
    expect(errorMessage(new ApiError(502, null, null), 'Transfer failed')).toBe('Transfer failed');
    expect(errorMessage(new Error('boom'), 'Transfer failed')).toBe('Transfer failed');
  });

  it('uses the connection text only where the caller asks for it', () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    expect(errorMessage(offline, 'Transfer failed', CONNECTION_ERROR)).toBe('Connection error');
    expect(errorMessage(offline, 'Failed to load logs')).toBe('Failed to load logs');
  });
});
