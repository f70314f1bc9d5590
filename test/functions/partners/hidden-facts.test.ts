import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchSubject } from '../../../functions/domain/matching';
import { PACE_BANDS, type PaceBands } from '../../../functions/domain/matching-pace';
import type { MatchingMetrics } from '../../../functions/repositories/partner-members';
import { ACTIVITY_LEVEL_LABELS } from '../../../functions/shared/schemas/metrics';
import {
  AVAILABILITY_SLOTS,
  HOME_AREAS,
  OUTDOOR_ACTIVITIES,
  SHAREABLE_FIELDS,
  type ShareableField,
} from '../../../functions/shared/schemas/profile';
import { partnerCard, type CandidateFacts } from '../../../functions/usecases/partner-cards';

/**
 * A fact a member keeps private must not change anything another member can observe — the
 * card's fields, the percent (and so the order), the reasons and the 'not compared' list.
 */
const homeArea = fc.option(fc.constantFrom(...HOME_AREAS), { nil: null });
const activities = fc.subarray([...OUTDOOR_ACTIVITIES]);
const availability = fc.subarray([...AVAILABILITY_SLOTS]);
const hours = fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 3 });
const paceBands: fc.Arbitrary<PaceBands> = fc.dictionary(
  fc.constantFrom(...OUTDOOR_ACTIVITIES),
  fc.constantFrom(...PACE_BANDS),
) as fc.Arbitrary<PaceBands>;
const level = fc.record({ label: fc.constantFrom(...ACTIVITY_LEVEL_LABELS), score: fc.integer({ min: 0, max: 100 }) });
const metrics: fc.Arbitrary<MatchingMetrics | null> = fc.option(
  fc.record({
    activityScore: fc.integer({ min: 0, max: 100 }),
    activityLevelLabel: fc.constantFrom(...ACTIVITY_LEVEL_LABELS),
    preferredHours: hours,
  }),
  { nil: null },
);

const searcher: fc.Arbitrary<MatchSubject> = fc.record({
  homeArea,
  activities,
  availability,
  level: fc.option(level, { nil: null }),
  preferredHours: hours,
  paceBands,
});

/** Everything about a candidate, split into what each shareable field covers. */
const candidateFacts = fc.record({
  homeArea: fc.constantFrom(...HOME_AREAS),
  activities,
  availability,
  bio: fc.string({ maxLength: 20 }),
  paceBands,
  metrics,
});
type Facts = typeof candidateFacts extends fc.Arbitrary<infer T> ? T : never;

/** `base` with every fact the member keeps private taken from `other` instead. */
function withHiddenFrom(base: Facts, other: Facts, visible: ReadonlySet<ShareableField>): Facts {
  const mixed = { ...base };
  if (!visible.has('homeArea')) mixed.homeArea = other.homeArea;
  if (!visible.has('activities')) mixed.activities = other.activities;
  if (!visible.has('bio')) mixed.bio = other.bio;
  // Pace bands tell level and name activities; metrics carry the level and the preferred hours.
  if (!visible.has('level') || !visible.has('activities')) mixed.paceBands = other.paceBands;
  if (!visible.has('availability')) mixed.availability = other.availability;
  if (base.metrics && other.metrics) {
    mixed.metrics = {
      activityScore: visible.has('level') ? base.metrics.activityScore : other.metrics.activityScore,
      activityLevelLabel: visible.has('level') ? base.metrics.activityLevelLabel : other.metrics.activityLevelLabel,
      preferredHours: visible.has('availability') ? base.metrics.preferredHours : other.metrics.preferredHours,
    };
  } else if (!visible.has('level') && !visible.has('availability')) {
    // With both hidden, whether the member has synced at all is hidden too.
    mixed.metrics = other.metrics;
  }
  return mixed;
}

const card = (me: MatchSubject, facts: Facts, visibleFields: ShareableField[]) => {
  const candidate: CandidateFacts = { userId: 'candidate', displayName: 'Maya W.', visibleFields, ...facts };
  return partnerCard(me, candidate, facts.metrics, 'none');
};

describe('hidden facts', () => {
  it('a candidate varying any fact they keep private changes nothing on the card another member sees', () => {
    fc.assert(
      fc.property(
        searcher,
        candidateFacts,
        candidateFacts,
        fc.subarray([...SHAREABLE_FIELDS]),
        (me, base, other, visibleFields) => {
          const varied = withHiddenFrom(base, other, new Set(visibleFields));
          expect(card(me, varied, visibleFields)).toEqual(card(me, base, visibleFields));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    [
      'level',
      { metrics: { activityScore: 20, activityLevelLabel: 'Beginner', preferredHours: [7] } },
      { metrics: { activityScore: 95, activityLevelLabel: 'Elite', preferredHours: [7] } },
    ],
    ['availability', { availability: ['weekends', 'mornings'] }, { availability: ['weekdays', 'evenings'] }],
    ['homeArea', { homeArea: 'north-vancouver' }, { homeArea: 'surrey' }],
  ] as const)(
    'hiding %s: two values of it give the same percent and the same "not compared" list',
    (field, one, two) => {
      const me: MatchSubject = {
        homeArea: 'north-vancouver',
        activities: ['running'],
        availability: ['weekends', 'mornings'],
        level: { label: 'Beginner', score: 20 },
        preferredHours: [7],
        paceBands: {},
      };
      const base: Facts = {
        homeArea: 'north-vancouver',
        activities: ['running'],
        availability: ['weekends', 'mornings'],
        bio: '',
        paceBands: {},
        metrics: { activityScore: 20, activityLevelLabel: 'Beginner', preferredHours: [7] },
      };
      const visibleFields = SHAREABLE_FIELDS.filter((f) => f !== field);
      const a = card(me, { ...base, ...one } as Facts, visibleFields);
      const b = card(me, { ...base, ...two } as Facts, visibleFields);
      expect(a.compatibility).toBe(b.compatibility);
      expect(a.notCompared).toEqual(b.notCompared);
      expect(a.reasons).toEqual(b.reasons);
    },
  );
});
