import { describe, expect, it } from 'vitest';
import {
  isPastRetention,
  RETENTION_DAYS,
  retentionCutoff,
  retentionExpiresAt,
} from '../../../functions/domain/retention';

const now = new Date('2026-11-21T12:00:00.000Z');

describe('retention', () => {
  it('keeps provider data 7 days', () => {
    expect(RETENTION_DAYS).toBe(7);
    expect(retentionCutoff(now).toISOString()).toBe('2026-11-14T12:00:00.000Z');
  });

  it.each([
    ['2026-11-14T12:00:00.000Z', false],
    ['2026-11-14T11:59:59.999Z', true],
    ['2026-11-20T00:00:00.000Z', false],
    ['2026-10-01T00:00:00.000Z', true],
  ])('fetched at %s is past retention: %s', (fetchedAt, expected) => {
    expect(isPastRetention(fetchedAt, now)).toBe(expected);
  });

  it('sets the TTL 7 days after the fetch, in epoch seconds', () => {
    expect(retentionExpiresAt(now)).toBe(Date.parse('2026-11-28T12:00:00.000Z') / 1000);
  });
});
