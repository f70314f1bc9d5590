import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import type { addNotification } from '../repositories/notifications';
import { notifyWithEmail } from './email';
import { getPartnerSnapshot } from '../repositories/partner-index';
import { displayNamesOf } from '../repositories/user-profiles';
import {
  acceptPartnerRequest,
  blockMember,
  declinePartnerRequest,
  getRelationship,
  listRelationships,
  sendPartnerRequest,
  unblockMember,
  type Relationship,
} from '../repositories/partner-relationships';
import { returnPartnerRequestAllowance, takePartnerRequestAllowance } from '../repositories/partner-request-windows';
import { getUserProfile } from '../repositories/user-profiles';
import {
  PARTNER_REQUESTS_PER_HOUR,
  partnerRequestLimitMessage,
  UNNAMED_MEMBER,
  type ConnectionActionResponse,
  type MemberSummary,
  type PartnerConnectionsResponse,
} from '../shared/schemas/partners';
import { memberNotAvailable } from './partner-search';

export interface PartnerConnectionDeps {
  getRelationship: typeof getRelationship;
  getUserProfile: typeof getUserProfile;
  getPartnerSnapshot: typeof getPartnerSnapshot;
  addNotification: typeof addNotification;
}

const dynamoDeps: PartnerConnectionDeps = {
  getRelationship,
  getUserProfile,
  getPartnerSnapshot,
  addNotification: notifyWithEmail,
};

const paths = {
  findPartners: '/find-partners',
  messagesWith: (userId: string) => `/messages?with=${encodeURIComponent(userId)}`,
} as const;

function notYourself(): BadRequestError {
  return new BadRequestError('That is you. Choose another member.', { userId: 'Choose another member.' }, 'self');
}

function changedMeanwhile(): ConflictError {
  return new ConflictError('That changed in the meantime. Refresh and try again.', 'state_changed');
}

function answered(userId: string, relationship: Pick<Relationship, 'state' | 'blockedByMe'>): ConnectionActionResponse {
  return { userId, connection: relationship.state, blocked: relationship.blockedByMe };
}

const HOUR_MS = 3_600_000;

/** Takes one request from the sender's hourly allowance, or answers 429 saying when they can ask again. */
async function takeRequestAllowance(userId: string, now: Date): Promise<Date> {
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const windowEnd = new Date(windowStart.getTime() + HOUR_MS);
  if (!(await takePartnerRequestAllowance(userId, windowStart, windowEnd, PARTNER_REQUESTS_PER_HOUR))) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
    throw new TooManyRequestsError(partnerRequestLimitMessage(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);
  }
  return windowStart;
}

async function nameOf(userId: string, deps: Pick<PartnerConnectionDeps, 'getUserProfile'>): Promise<string | null> {
  return (await deps.getUserProfile(userId))?.settings.displayName ?? null;
}

/**
 * Connect: sends a partner request to a discoverable member (or accepts theirs, if they asked first).
 * The sender needs a display name, since that is all the other member will see of them.
 */
export async function connectWith(
  userId: string,
  otherUserId: string,
  now: Date,
  deps: PartnerConnectionDeps = dynamoDeps,
): Promise<ConnectionActionResponse> {
  if (otherUserId === userId) throw notYourself();
  const relationship = await deps.getRelationship(userId, otherUserId);
  if (relationship.blockedMe) throw memberNotAvailable();
  if (relationship.blockedByMe) throw new ConflictError('You blocked this member. Unblock them to connect.', 'blocked');
  if (relationship.state === 'partners') throw new ConflictError('You are already partners.', 'already_partners');
  if (relationship.state === 'outgoing')
    throw new ConflictError('Your request is already waiting for their answer.', 'already_requested');
  if (relationship.state === 'incoming') return acceptRequest(userId, otherUserId, now, deps);

  const [myName, target] = await Promise.all([nameOf(userId, deps), deps.getPartnerSnapshot(otherUserId)]);
  if (!myName)
    throw new BadRequestError(
      'Add a display name to your profile first, so they know who is asking.',
      { displayName: 'Set a display name on your profile.' },
      'profile_incomplete',
    );
  if (!target) throw memberNotAvailable();
  const window = await takeRequestAllowance(userId, now);
  if (!(await sendPartnerRequest(userId, otherUserId, now))) {
    await returnPartnerRequestAllowance(userId, window);
    throw changedMeanwhile();
  }
  await deps.addNotification(
    otherUserId,
    {
      type: 'partner_request',
      message: `${myName} would like to be your activity partner.`,
      link: paths.findPartners,
      actorId: userId,
    },
    now,
  );
  return answered(otherUserId, { state: 'outgoing', blockedByMe: false });
}

export async function acceptRequest(
  userId: string,
  otherUserId: string,
  now: Date,
  deps: PartnerConnectionDeps = dynamoDeps,
): Promise<ConnectionActionResponse> {
  if (otherUserId === userId) throw notYourself();
  const relationship = await deps.getRelationship(userId, otherUserId);
  if (relationship.state !== 'incoming' || relationship.blockedByMe || relationship.blockedMe)
    throw new NotFoundError('There is no request from this member to answer.');
  if (!(await acceptPartnerRequest(userId, otherUserId, now))) throw changedMeanwhile();
  const myName = (await nameOf(userId, deps)) ?? UNNAMED_MEMBER;
  await deps.addNotification(
    otherUserId,
    {
      type: 'partner_accepted',
      message: `${myName} accepted your partner request. Say hello!`,
      link: paths.messagesWith(userId),
      actorId: userId,
    },
    now,
  );
  return answered(otherUserId, { state: 'partners', blockedByMe: false });
}

export async function declineRequest(
  userId: string,
  otherUserId: string,
  now: Date,
  deps: PartnerConnectionDeps = dynamoDeps,
): Promise<ConnectionActionResponse> {
  if (otherUserId === userId) throw notYourself();
  const relationship = await deps.getRelationship(userId, otherUserId);
  if (relationship.state !== 'incoming' || relationship.blockedByMe || relationship.blockedMe)
    throw new NotFoundError('There is no request from this member to answer.');
  if (!(await declinePartnerRequest(userId, otherUserId, now))) throw changedMeanwhile();
  const myName = (await nameOf(userId, deps)) ?? UNNAMED_MEMBER;
  await deps.addNotification(
    otherUserId,
    {
      type: 'partner_declined',
      message: `${myName} declined your partner request.`,
      link: paths.findPartners,
      actorId: userId,
    },
    now,
  );
  return answered(otherUserId, { state: 'none', blockedByMe: false });
}

/**
 * Block: hides both members from each other (search, profiles, lists), ends any request or partnership
 * and stops messages. The blocked member is not told.
 */
export async function blockUser(
  userId: string,
  otherUserId: string,
  now: Date,
  deps: PartnerConnectionDeps = dynamoDeps,
): Promise<ConnectionActionResponse> {
  if (otherUserId === userId) throw notYourself();
  const [relationship, profile] = await Promise.all([
    deps.getRelationship(userId, otherUserId),
    deps.getUserProfile(otherUserId),
  ]);
  const known = profile !== null || relationship.since !== null;
  if (!known) throw new NotFoundError('There is no such member.');
  await blockMember(userId, otherUserId, now);
  return answered(otherUserId, { state: 'none', blockedByMe: true });
}

export async function unblockUser(userId: string, otherUserId: string, now: Date): Promise<ConnectionActionResponse> {
  if (otherUserId === userId) throw notYourself();
  if (!(await unblockMember(userId, otherUserId, now))) throw new NotFoundError('You have not blocked this member.');
  return answered(otherUserId, { state: 'none', blockedByMe: false });
}

/**
 * GET /api/partner-connections: requests both ways, partners and the members the caller blocked, newest
 * first. Members who blocked the caller appear nowhere.
 */
export async function listConnections(userId: string): Promise<PartnerConnectionsResponse> {
  const relationships = (await listRelationships(userId)).filter((r) => !r.blockedMe);
  const names = await displayNamesOf(relationships.map((r) => r.otherUserId));
  const summary = (r: Relationship): MemberSummary => ({
    userId: r.otherUserId,
    displayName: names.get(r.otherUserId) ?? UNNAMED_MEMBER,
    since: r.since ?? new Date(0).toISOString(),
  });
  const newestFirst = (a: MemberSummary, b: MemberSummary) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0);
  const inState = (state: Relationship['state']) =>
    relationships
      .filter((r) => !r.blockedByMe && r.state === state)
      .map(summary)
      .sort(newestFirst);
  return {
    incoming: inState('incoming'),
    outgoing: inState('outgoing'),
    partners: inState('partners'),
    blocked: relationships
      .filter((r) => r.blockedByMe)
      .map(summary)
      .sort(newestFirst),
  };
}
