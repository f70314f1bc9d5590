import { describe, expect, it } from 'vitest';
import { activityMessages } from '../../../functions/domain/group-activity';
import { rideMessages } from '../../../functions/domain/ride';
import { partyNames } from '../../../functions/usecases/trip-plans';
import { joinNames, sentence } from '../../../functions/shared/sentences';

describe('sentences built from data', () => {
  it('joins names as people read them', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Alice W.'])).toBe('Alice W.');
    expect(joinNames(['Alice W.', 'Ben K.'])).toBe('Alice W. and Ben K.');
    expect(joinNames(['Alice W.', 'Ben K.', 'Cara L.'])).toBe('Alice W., Ben K. and Cara L.');
  });

  it('ends a sentence once, even after a name or a title that ends with a mark', () => {
    expect(sentence('The party is now: Alice W. and Ben K.')).toBe('The party is now: Alice W. and Ben K.');
    expect(sentence('Ben K. joined Tour de Grouse!')).toBe('Ben K. joined Tour de Grouse!');
    expect(sentence('Ben joined Sunset hike')).toBe('Ben joined Sunset hike.');
    expect(sentence('Ben joined Sunset hike  ')).toBe('Ben joined Sunset hike.');
  });

  it("a trip plan's party reads 'Alice W. and Ben K.'", () => {
    const party = [
      { userId: 'a', name: 'Alice W.' },
      { userId: 'b', name: 'Ben K.' },
    ];
    expect(partyNames({ party })).toBe('Alice W. and Ben K.');
  });

  it('notification texts never end in a double period after a name or title', () => {
    const texts = [
      activityMessages.joined('Ben K.', 'Hike with Alice W.'),
      activityMessages.left('Ben K.', 'Grouse Grind, 7 a.m.'),
      activityMessages.removed('Run club.'),
      activityMessages.reminder('Run', '2026-12-05', '07:00', 'Lynn Canyon Park, parking lot P.'),
      rideMessages.booked('Ben K.', 'Hike with Alice W.'),
      rideMessages.bookingCancelled('Ben K.', 'Hike with Alice W.'),
      rideMessages.offered('Alice W.', 'Hike with Ben K.'),
    ];
    for (const text of texts) expect(text).not.toMatch(/\.\./);
    expect(activityMessages.joined('Ben K.', 'Sunset hike')).toBe('Ben K. joined Sunset hike.');
    expect(activityMessages.removed('Run club.')).toBe('You were removed from Run club. You can no longer join it.');
  });
});
