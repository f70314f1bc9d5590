import { ACTIVITY_LEVEL_LABELS, type ActivityLevelLabel } from '../shared/schemas/metrics';
import type { MatchFactor } from '../shared/schemas/partners';
import {
  HOME_AREA_LABELS,
  OUTDOOR_ACTIVITIES,
  type AvailabilitySlot,
  type HomeArea,
  type OutdoorActivity,
  type ShareableField,
} from '../shared/schemas/profile';
import { PACE_BANDS, type PaceBands } from './matching-pace';
import { areNear } from '../shared/places';

/** What matching knows about one person: their stated preferences and coarse facts from their own metrics. */
export interface MatchSubject {
  homeArea: HomeArea | null;
  activities: readonly OutdoorActivity[];
  availability: readonly AvailabilitySlot[];
  /** From their metrics; null before their first sync. */
  level: { label: ActivityLevelLabel; score: number } | null;
  /** Their most frequent local start hours (metrics preferredHours), 0–23. */
  preferredHours: readonly number[];
  paceBands: PaceBands;
}

/** A reason to meet, and which of the candidate's fields it gives away (shown only if they share them all). */
export interface MatchReason {
  text: string;
  reveals: readonly ShareableField[];
}

export interface MatchResult {
  /** 0–100. */
  compatibility: number;
  reasons: MatchReason[];
  sharedActivities: OutdoorActivity[];
  /** Factors without data on one side; each counts as half its weight. */
  notCompared: MatchFactor[];
}

/** Points per factor, summing to 100. */
export const MATCH_WEIGHTS: Readonly<Record<MatchFactor, number>> = {
  activities: 30,
  level: 20,
  pace: 15,
  area: 15,
  days: 10,
  timeOfDay: 10,
};

export type TimeOfDay = 'mornings' | 'midday' | 'evenings';
const TIMES_OF_DAY: readonly TimeOfDay[] = ['mornings', 'midday', 'evenings'];
const DAY_SLOTS = ['weekdays', 'weekends'] as const;

/** Local hour → part of the day; late night counts as none. */
export function timeOfDayOf(hour: number): TimeOfDay | null {
  if (hour >= 5 && hour < 11) return 'mornings';
  if (hour >= 11 && hour < 17) return 'midday';
  if (hour >= 17 && hour < 22) return 'evenings';
  return null;
}

const VERB: Readonly<Record<OutdoorActivity, string>> = {
  running: 'run',
  hiking: 'hike',
  cycling: 'ride',
  climbing: 'climb',
  skiing: 'ski',
  swimming: 'swim',
};

const TIME_PHRASE: Readonly<Record<TimeOfDay, string>> = {
  mornings: 'mornings',
  midday: 'around midday',
  evenings: 'evenings',
};
const DAY_PHRASE: Readonly<Record<(typeof DAY_SLOTS)[number], string>> = {
  weekdays: 'on weekdays',
  weekends: 'on weekends',
};

interface FactorOutcome {
  /** 0–1 of the factor's weight; null when it could not be compared. */
  share: number | null;
}

function statedTimesOfDay(subject: MatchSubject): Set<TimeOfDay> {
  const times = new Set<TimeOfDay>();
  for (const slot of subject.availability) if (slot === 'mornings' || slot === 'evenings') times.add(slot);
  return times;
}

function timesOfDay(subject: MatchSubject): Set<TimeOfDay> {
  const times = statedTimesOfDay(subject);
  for (const hour of subject.preferredHours) {
    const time = timeOfDayOf(hour);
    if (time) times.add(time);
  }
  return times;
}

function days(subject: MatchSubject): Set<'weekdays' | 'weekends'> {
  return new Set(
    subject.availability.filter((slot): slot is 'weekdays' | 'weekends' => slot === 'weekdays' || slot === 'weekends'),
  );
}

const levelRank = (label: ActivityLevelLabel) => ACTIVITY_LEVEL_LABELS.indexOf(label);
const paceRank = (band: (typeof PACE_BANDS)[number]) => PACE_BANDS.indexOf(band);

/** Score difference → share: within 10 points full, within 20 most, within 35 some. */
function levelShare(a: number, b: number): number {
  const gap = Math.abs(a - b);
  if (gap <= 10) return 1;
  if (gap <= 20) return 0.7;
  if (gap <= 35) return 0.35;
  return 0;
}

function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function intersect<T>(a: Iterable<T>, b: ReadonlySet<T>, order: readonly T[]): T[] {
  const inA = new Set(a);
  return order.filter((item) => inA.has(item) && b.has(item));
}

/**
 * How well `candidate` suits `searcher`, from both people's preferences and their own coarse metrics:
 * shared activities, activity level (score band), pace band in shared activities, home area, days and
 * time of day (stated availability plus preferred start hours). Pure; reasons are plain sentences.
 */
export function matchPartner(searcher: MatchSubject, candidate: MatchSubject): MatchResult {
  const outcomes = {} as Record<MatchFactor, FactorOutcome>;
  const reasons: MatchReason[] = [];

  const sharedActivities = intersect(searcher.activities, new Set(candidate.activities), OUTDOOR_ACTIVITIES);
  outcomes.activities = {
    share:
      searcher.activities.length === 0 || candidate.activities.length === 0
        ? null
        : sharedActivities.length / Math.min(searcher.activities.length, candidate.activities.length),
  };

  const mine = timesOfDay(searcher);
  const theirs = timesOfDay(candidate);
  const sharedTimes = intersect(mine, theirs, TIMES_OF_DAY);
  outcomes.timeOfDay = { share: mine.size === 0 || theirs.size === 0 ? null : sharedTimes.length > 0 ? 1 : 0 };

  const myDays = days(searcher);
  const theirDays = days(candidate);
  const sharedDays = intersect(myDays, theirDays, DAY_SLOTS);
  outcomes.days = { share: myDays.size === 0 || theirDays.size === 0 ? null : sharedDays.length > 0 ? 1 : 0 };

  // A time both people state is said as theirs ("both run mornings"); one read from recorded start hours says so,
  // so a reason never contradicts the availability shown beside it.
  const statedTimes = intersect(statedTimesOfDay(searcher), statedTimesOfDay(candidate), TIMES_OF_DAY);
  const timeReason = (subject: string) =>
    statedTimes.length > 0
      ? `both ${subject} ${TIME_PHRASE[statedTimes[0]!]}`
      : `both often start ${TIME_PHRASE[sharedTimes[0]!]}, by their recorded activity`;

  if (sharedActivities.length > 0) {
    const verb = VERB[sharedActivities[0]!];
    if (sharedTimes.length > 0) {
      reasons.push({ text: timeReason(verb), reveals: ['activities', 'availability'] });
    } else if (sharedDays.length > 0) {
      reasons.push({ text: `both ${verb} ${DAY_PHRASE[sharedDays[0]!]}`, reveals: ['activities', 'availability'] });
    } else {
      reasons.push({ text: `both enjoy ${listOf(sharedActivities)}`, reveals: ['activities'] });
    }
    if (sharedActivities.length > 1 && (sharedTimes.length > 0 || sharedDays.length > 0)) {
      reasons.push({ text: `both enjoy ${listOf(sharedActivities)}`, reveals: ['activities'] });
    }
  } else {
    if (sharedTimes.length > 0) reasons.push({ text: timeReason('active'), reveals: ['availability'] });
  }
  if (sharedDays.length > 0 && !(sharedActivities.length > 0 && sharedTimes.length === 0)) {
    reasons.push({ text: `both free ${DAY_PHRASE[sharedDays[0]!]}`, reveals: ['availability'] });
  }

  if (searcher.level && candidate.level) {
    outcomes.level = { share: levelShare(searcher.level.score, candidate.level.score) };
    const rankGap = Math.abs(levelRank(searcher.level.label) - levelRank(candidate.level.label));
    if (rankGap === 0) reasons.push({ text: `same level: ${candidate.level.label}`, reveals: ['level'] });
    else if (rankGap === 1) reasons.push({ text: `similar level: ${candidate.level.label}`, reveals: ['level'] });
  } else {
    outcomes.level = { share: null };
  }

  const pacedTogether = sharedActivities.filter(
    (activity) => searcher.paceBands[activity] && candidate.paceBands[activity],
  );
  if (pacedTogether.length > 0) {
    const shares = pacedTogether.map((activity): number => {
      const gap = Math.abs(paceRank(searcher.paceBands[activity]!) - paceRank(candidate.paceBands[activity]!));
      return gap === 0 ? 1 : gap === 1 ? 0.5 : 0;
    });
    outcomes.pace = { share: shares.reduce((sum, share) => sum + share, 0) / shares.length };
    const samePace = pacedTogether.filter((activity) => searcher.paceBands[activity] === candidate.paceBands[activity]);
    if (samePace.length > 0) reasons.push({ text: `similar ${samePace[0]} pace`, reveals: ['activities', 'level'] });
  } else {
    outcomes.pace = { share: null };
  }

  if (searcher.homeArea && candidate.homeArea) {
    if (searcher.homeArea === candidate.homeArea) {
      outcomes.area = { share: 1 };
      reasons.push({ text: `both in ${HOME_AREA_LABELS[candidate.homeArea]}`, reveals: ['homeArea'] });
    } else if (areNear(searcher.homeArea, candidate.homeArea)) {
      outcomes.area = { share: 0.5 };
      reasons.push({ text: `nearby in ${HOME_AREA_LABELS[candidate.homeArea]}`, reveals: ['homeArea'] });
    } else {
      outcomes.area = { share: 0 };
    }
  } else {
    outcomes.area = { share: null };
  }

  let points = 0;
  const notCompared: MatchFactor[] = [];
  for (const [factor, weight] of Object.entries(MATCH_WEIGHTS) as [MatchFactor, number][]) {
    const { share } = outcomes[factor];
    if (share === null) notCompared.push(factor);
    // Unknown is neither good nor bad: half the points, so missing data neither sinks nor inflates a match.
    points += weight * (share ?? 0.5);
  }
  return { compatibility: Math.max(0, Math.min(100, Math.round(points))), reasons, sharedActivities, notCompared };
}

/**
 * The candidate as another member may be matched against them: every fact they keep private counts as
 * unknown, so its value can change nothing the searcher sees — score, reasons, 'not compared', order.
 * Level hides the score and the pace bands (pace tells level); availability hides the
 * preferred start hours too; activities hides the pace bands (they name activities).
 */
export function observableSubject(candidate: MatchSubject, visibleFields: readonly ShareableField[]): MatchSubject {
  const visible = new Set(visibleFields);
  return {
    homeArea: visible.has('homeArea') ? candidate.homeArea : null,
    activities: visible.has('activities') ? candidate.activities : [],
    availability: visible.has('availability') ? candidate.availability : [],
    preferredHours: visible.has('availability') ? candidate.preferredHours : [],
    level: visible.has('level') ? candidate.level : null,
    paceBands: visible.has('level') && visible.has('activities') ? candidate.paceBands : {},
  };
}

/** The reasons a candidate's privacy choices allow the searcher to see. */
export function visibleReasons(reasons: readonly MatchReason[], visibleFields: readonly ShareableField[]): string[] {
  const visible = new Set(visibleFields);
  return reasons.filter((reason) => reason.reveals.every((field) => visible.has(field))).map((reason) => reason.text);
}
