import { listAllMemberships, getGroupActivities } from '../repositories/group-activities';
import { listMessages } from '../repositories/messages';
import { displayNamesOf } from '../repositories/user-profiles';
import { listRelationships } from '../repositories/partner-relationships';
import { userPartitionItems } from '../repositories/user-profiles';
import { DATA_EXPORT_FORMAT, type DataExport } from '../shared/schemas/data-export';
import { UNNAMED_MEMBER } from '../shared/schemas/partners';
import { TABLE_IDS } from '../shared/tables';
import { blockedWith } from './group-activity-deps';
import { getProfile, type ProfileCaller } from './profile';
import { listTripPlansFor } from './trip-plans';

/*
 * "Download my data": a person's right of access to what an organisation holds about them (PIPEDA Schedule 1,
 * principle 4.9 Individual Access; BC PIPA s. 23; read 2026-11-28). Deletion sweeps the person's own partitions in
 * every table whatever their kind (./account-deletion.ts); the export reads the same partitions, so a kind of item
 * added later is exported as it is deleted. What the person shares with others (trip plans, group activities,
 * conversations) lives in shared partitions and is read as the person sees it in the app.
 */

/** Bookkeeping that says nothing about the person and only helps an attacker: never exported. */
const LEFT_OUT_KINDS = new Set([
  'AppleIngestToken',
  'AppleIngestTokenOfUser',
  'AppleIngestWindow',
  'OAuthState',
  'PartnerIndexEntry',
]);
/**
 * Attribute names that hold keys and index sort orders, secrets, or the provider's raw copy of an activity (its
 * fields are exported).
 */
const LEFT_OUT_ATTRIBUTE =
  /^(pk|sk|gsi\d+(pk|sk))$|Order$|token|secret|hash|cipher|Enc$|password|nonce|^raw_data$|^expiresAt$/i;
const MESSAGES_PAGE = 100;

export async function exportUserData(caller: ProfileCaller, now: Date): Promise<DataExport> {
  const { userId } = caller;
  const blocked = await blockedWith(userId);
  const [profile, trips, groupActivities, conversations, stored] = await Promise.all([
    getProfile(caller, now),
    listTripPlansFor(userId, now),
    groupActivitiesOf(userId, blocked),
    conversationsOf(userId),
    storedItemsOf(userId, blocked),
  ]);
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: { userId, email: profile.email ?? null },
    profile,
    tripPlans: trips.plans,
    groupActivities,
    conversations,
    stored,
  };
}

/**
 * Every item of the person's own partitions, by kind. As everywhere in the app, a block hides the other person both
 * ways: an item that names someone blocked (a notification they caused, the relationship itself) is left out.
 */
async function storedItemsOf(userId: string, blocked: ReadonlySet<string>): Promise<DataExport['stored']> {
  const stored: DataExport['stored'] = {};
  const namesBlocked = (item: Record<string, unknown>) => {
    const text = JSON.stringify(item);
    return [...blocked].some((otherUserId) => text.includes(otherUserId));
  };
  for (const table of TABLE_IDS) {
    for (const item of await userPartitionItems(table, userId)) {
      const kind = typeof item.entity === 'string' ? item.entity : 'Other';
      if (LEFT_OUT_KINDS.has(kind) || namesBlocked(item)) continue;
      (stored[kind] ??= []).push(withoutSecrets(item) as Record<string, unknown>);
    }
  }
  return stored;
}

/** The value with every attribute named like a key or a secret left out, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Set) return [...value].map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !LEFT_OUT_ATTRIBUTE.test(name))
      .map(([name, inner]) => [name, withoutSecrets(inner)]),
  );
}

async function groupActivitiesOf(userId: string, blocked: ReadonlySet<string>): Promise<DataExport['groupActivities']> {
  const memberships = await listAllMemberships(userId);
  const activities = await getGroupActivities(memberships.map((m) => m.activityId));
  // As in the app: a block hides the other person's activities, and their messages below.
  return activities
    .filter((a) => !blocked.has(a.organizerId))
    .sort((a, b) => (a.startsAt < b.startsAt ? 1 : -1))
    .map((a) => ({
      id: a.id,
      title: a.title,
      activityType: a.activityType,
      date: a.date,
      time: a.time,
      location: a.location,
      role: a.organizerId === userId ? 'organizer' : 'participant',
      cancelledAt: a.cancelledAt,
    }));
}

async function conversationsOf(userId: string): Promise<DataExport['conversations']> {
  const others = (await listRelationships(userId))
    .filter((r) => r.lastMessage && !r.blockedByMe && !r.blockedMe)
    .map((r) => r.otherUserId);
  const names = await displayNamesOf(others);
  return Promise.all(
    others.map(async (otherUserId) => {
      const messages: DataExport['conversations'][number]['messages'] = [];
      let olderThan: string | null = null;
      do {
        const page = await listMessages(userId, otherUserId, MESSAGES_PAGE, olderThan);
        for (const m of page.messages) messages.push({ fromMe: m.senderId === userId, text: m.text, sentAt: m.sentAt });
        olderThan = page.olderThan;
      } while (olderThan);
      return {
        withUserId: otherUserId,
        withName: names.get(otherUserId) ?? UNNAMED_MEMBER,
        messages: messages.reverse(),
      };
    }),
  );
}
