import { LAST_INGEST_MAX_PROBLEMS, type IngestProblem, type LastIngest } from '../shared/schemas/connections';
import type { AppleIngestEntryIssue } from '../shared/schemas/apple';

const MAX_MESSAGE_CHARS = 200;
const MAX_FIELD_CHARS = 80;
/** A leading field path as the Apple readers write it: 'totalEnergyBurned.doubleValue', 'heartRate.avg', 'distance[2]'. */
const LEADING_FIELD = /^([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)\s/;
/** Messages that open with a plain word rather than a field. */
const NOT_FIELDS = new Set(['a', 'an', 'the', 'older']);

/** The field a reader's message is about: every reader's problem starts with the field's name (apple-units.ts). */
export function problemField(message: string): string | null {
  const match = LEADING_FIELD.exec(message);
  const field = match?.[1];
  if (!field || NOT_FIELDS.has(field.toLowerCase())) return null;
  return field.slice(0, MAX_FIELD_CHARS);
}

const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function toProblem(issue: AppleIngestEntryIssue, kind: IngestProblem['kind']): IngestProblem {
  const message = kind === 'incomplete' ? issue.message.replace(/: left out$/, '') : issue.message;
  return {
    list: issue.list ?? 'workouts',
    index: issue.index,
    kind,
    field: problemField(message),
    message: shorten(message, MAX_MESSAGE_CHARS),
  };
}

export interface IngestOutcome {
  receivedAt: Date;
  workouts: { imported: number; updated: number };
  stepDays: { imported: number; updated: number };
  /** Entries repeating an id already in the same request. */
  repeats: number;
  rejected: readonly AppleIngestEntryIssue[];
  skipped: readonly AppleIngestEntryIssue[];
  incomplete: readonly AppleIngestEntryIssue[];
}

/** The bounded summary kept on the connection: counts, and the first problems (refused entries first). */
export function summarizeIngest(outcome: IngestOutcome): LastIngest {
  const problems = [
    ...outcome.rejected.map((issue) => toProblem(issue, 'refused')),
    ...outcome.incomplete.map((issue) => toProblem(issue, 'incomplete')),
  ];
  return {
    receivedAt: outcome.receivedAt.toISOString(),
    refused: null,
    accepted: { workouts: outcome.workouts.imported, stepDays: outcome.stepDays.imported },
    skipped: {
      duplicates: outcome.workouts.updated + outcome.stepDays.updated + outcome.repeats,
      notKept: outcome.skipped.length,
    },
    problemCount: problems.length,
    problems: problems.slice(0, LAST_INGEST_MAX_PROBLEMS),
  };
}

/** A body refused as a whole (nothing stored), with why. */
export function refusedIngest(receivedAt: Date, reason: string): LastIngest {
  return {
    receivedAt: receivedAt.toISOString(),
    refused: shorten(reason, MAX_MESSAGE_CHARS),
    accepted: { workouts: 0, stepDays: 0 },
    skipped: { duplicates: 0, notKept: 0 },
    problemCount: 0,
    problems: [],
  };
}
