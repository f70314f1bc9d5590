import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/error-codes';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';

const SOURCE = import.meta.glob<string>('../../../web/src/lib/error-messages.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('userMessage', () => {
  it('answers every code of the server catalogue with some copy', () => {
    for (const code of ERROR_CODES) {
      const message = userMessage(new ApiError(400, code, `server says ${code}`));
      expect(message, code).not.toBe('');
    }
  });

  it('uses the app copy for the generic codes, whatever the status', () => {
    expect(userMessage(new ApiError(401, 'unauthorized', 'Token expired.'))).toBe(
      'Your session has ended. Please sign in again.',
    );
    expect(userMessage(new ApiError(403, 'forbidden', 'You cannot access this.'))).toBe(
      'You do not have access to this.',
    );
    expect(userMessage(new ApiError(404, 'not_found', 'We could not find that ride.'))).toBe(
      'We could not find what you were looking for.',
    );
    expect(userMessage(new ApiError(500, 'internal_error', 'Something broke.'))).toBe(
      'TrailBuddy is having trouble right now. Please try again in a moment.',
    );
    expect(userMessage(new ApiError(400, 'invalid_json', 'The body is not valid JSON.'))).toBe(
      'TrailBuddy could not read that request. Please reload the page and try again.',
    );
    expect(userMessage(new ApiError(502, 'strava_exchange_failed', 'Strava answered 500.'))).toBe(
      'TrailBuddy is having trouble right now. Please try again in a moment.',
    );
  });

  it("shows the server's message for a code whose message says what to do", () => {
    expect(userMessage(new ApiError(409, 'activity_full', 'This activity is full.'))).toBe('This activity is full.');
    expect(userMessage(new ApiError(429, 'message_quota_exceeded', 'You have used your 5 messages.'))).toBe(
      'You have used your 5 messages.',
    );
    expect(userMessage(new ApiError(409, 'strava_reconnect_required', 'Reconnect Strava.'))).toBe('Reconnect Strava.');
  });

  it('falls back to the status for codes outside the catalogue (the transport and older servers)', () => {
    expect(userMessage(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.'))).toBe(
      'Could not reach TrailBuddy.',
    );
    expect(userMessage(new ApiError(401, 'invalid_token', 'x'))).toBe('Your session has ended. Please sign in again.');
    expect(userMessage(new ApiError(503, 'unavailable', 'down'))).toBe(
      'TrailBuddy is having trouble right now. Please try again in a moment.',
    );
    expect(userMessage(new ApiError(422, 'toString', 'A message.'))).toBe('A message.');
  });

  it('reads a thrown Error, and has a last resort', () => {
    expect(userMessage(new Error('Choose a date.'))).toBe('Choose a date.');
    // A bug's own text (a broken demo storage once put this on screen) is not copy.
    expect(userMessage(new TypeError('i(...).find is not a function'))).toBe('Something went wrong. Please try again.');
    expect(userMessage(new ReferenceError('window is not defined'))).toBe('Something went wrong. Please try again.');
    expect(userMessage('nope')).toBe('Something went wrong. Please try again.');
  });

  it('matches no codes or messages with patterns and keeps no Supabase-era texts', () => {
    const source = Object.values(SOURCE)[0]!;
    expect(source).not.toMatch(/\.test\(|\.match\(|new RegExp/);
    expect(source).not.toMatch(/duplicate key|violates|supabase|PGRST|JWT/i);
    expect(source).toMatch(/Record<ErrorCode, string \| null>/);
  });
});
