import { describe, expect, it } from 'vitest';
import { composeDigest } from '../../../functions/domain/message-digest';

describe('the message digest text', () => {
  it('is nothing when nobody wrote', () => {
    expect(composeDigest([])).toBeNull();
    expect(composeDigest([{ name: 'Ben', count: 0 }])).toBeNull();
  });

  it('names one sender in the subject, and lists senders with the most news first', () => {
    expect(composeDigest([{ name: 'Ben', count: 1 }])?.subject).toBe('TrailBuddy: 1 new message from Ben');
    const digest = composeDigest([
      { name: 'Cy', count: 1 },
      { name: 'Ben', count: 3 },
      { name: 'Ada', count: 1 },
    ]);
    expect(digest?.subject).toBe('TrailBuddy: 5 new messages from 3 partners');
    expect(digest?.paragraphs[1]).toBe('Ben: 3 new messages\nAda: 1 new message\nCy: 1 new message');
  });
});
