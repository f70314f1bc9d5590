import {
  FREE_MESSAGES_PER_MONTH,
  MESSAGE_QUOTA_EXCEEDED_CODE,
  MESSAGE_QUOTA_EXCEEDED_MESSAGE,
  SendMessageRequest,
  type Message,
  type MessageQuota,
} from '@shared/schemas/messages';
import { areNear } from '@shared/places';
import { paceBandOfSpeed } from '@shared/pace-bands';
import { planDateOf, planStartInstant } from '@shared/schemas/group-activities';
import type { ActivityLevelLabel } from '@shared/schemas/metrics';
import {
  LEVEL_BY_FILTER,
  PARTNER_PAGE_SIZE_DEFAULT,
  UNNAMED_MEMBER,
  type ConnectionStatus,
  type PartnerCard,
} from '@shared/schemas/partners';
import {
  PACE_BANDS,
  type AvailabilitySlot,
  type HomeArea,
  type OutdoorActivity,
  type PaceBand,
} from '@shared/schemas/profile';
import { ApiError, validationFailed } from '@/lib/api/api-error';
import type { PartnersApi, PartnerSearchParams } from '../api/partners-api';
import type { DemoContext } from '@/lib/demo/demo-context';
import { markDemoConversationRead } from '@/lib/demo/demo-unread-messages';
import { isDemoPremium } from '@/lib/demo/demo-plan';

/** Spec core-app §4: the mock Connect waits 1 s before its toast. */
export const DEMO_CONNECT_DELAY_MS = 1000;
const STORAGE_KEY = 'trailbuddy.demo.partners';

/**
 * The band of a sample partner's pace as written on their mock profile ('5:30 /km', '26 km/h', 'Steady'): a pace per
 * km is banded as running, a speed as cycling, with the server's thresholds.
 */
function demoPaceBand(pace: string): PaceBand {
  const perKm = /^(\d+):(\d+) \/km$/.exec(pace);
  if (perKm) return paceBandOfSpeed('running', 60 / (Number(perKm[1]) + Number(perKm[2]) / 60))!;
  const kmh = /^(\d+) km\/h$/.exec(pace);
  if (kmh) return paceBandOfSpeed('cycling', Number(kmh[1]))!;
  return (PACE_BANDS as readonly string[]).includes(pace.toLowerCase()) ? (pace.toLowerCase() as PaceBand) : 'steady';
}

/** A mock partner with the spec's fields (core-app §3); cards show only the coarse ones. */
export interface DemoPartner {
  id: string;
  name: string;
  age: number;
  location: HomeArea;
  avatar: string;
  rating: number;
  activities: OutdoorActivity[];
  level: ActivityLevelLabel;
  pace: string;
  bio: string;
  compatibility: number;
  lastActive: string;
  verified: boolean;
  totalActivities: number;
  joinedDate: string;
  /** Not in the spec's mock; what the availability filter and reasons read. */
  availability: AvailabilitySlot[];
  reasons: string[];
}

export const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    id: 'demo-partner-sarah',
    name: 'Sarah Johnson',
    age: 28,
    location: 'north-vancouver',
    avatar: 'SJ',
    rating: 4.9,
    activities: ['running', 'hiking'],
    level: 'Intermediate',
    pace: '5:30 /km',
    bio: 'Early trail runs on the North Shore, then coffee. Training for my first 25K.',
    compatibility: 95,
    lastActive: '2 hours ago',
    verified: true,
    totalActivities: 156,
    joinedDate: '2023-03-15',
    availability: ['weekends', 'mornings'],
    reasons: ['both run mornings', 'same level: Intermediate', 'both free on weekends'],
  },
  {
    id: 'demo-partner-priya',
    name: 'Priya Nair',
    age: 27,
    location: 'north-vancouver',
    avatar: 'PN',
    rating: 4.8,
    activities: ['running', 'climbing'],
    level: 'Advanced',
    pace: '4:50 /km',
    bio: 'Lynn Canyon loops after work, bouldering on rainy days.',
    compatibility: 91,
    lastActive: '30 minutes ago',
    verified: true,
    totalActivities: 212,
    joinedDate: '2022-09-02',
    availability: ['weekdays', 'evenings'],
    reasons: ['both enjoy running', 'similar level: Advanced', 'both active evenings'],
  },
  {
    id: 'demo-partner-mike',
    name: 'Mike Chen',
    age: 32,
    location: 'vancouver',
    avatar: 'MC',
    rating: 4.8,
    activities: ['cycling', 'running'],
    level: 'Advanced',
    pace: '26 km/h',
    bio: 'Stanley Park laps before work and the odd Sea to Sky century.',
    compatibility: 88,
    lastActive: '1 day ago',
    verified: true,
    totalActivities: 243,
    joinedDate: '2022-11-20',
    availability: ['weekdays', 'mornings'],
    reasons: ['both run mornings', 'similar level: Advanced', 'nearby in Vancouver'],
  },
  {
    id: 'demo-partner-tom',
    name: 'Tom Bergstrom',
    age: 38,
    location: 'vancouver',
    avatar: 'TB',
    rating: 4.7,
    activities: ['hiking'],
    level: 'Intermediate',
    pace: 'Steady',
    bio: 'Weekend peak-bagger: Lions, Brunswick, Black Tusk. Always packs extra snacks.',
    compatibility: 84,
    lastActive: '5 hours ago',
    verified: true,
    totalActivities: 98,
    joinedDate: '2023-06-01',
    availability: ['weekends', 'mornings'],
    reasons: ['both hike mornings', 'same level: Intermediate', 'nearby in Vancouver'],
  },
  {
    id: 'demo-partner-emma',
    name: 'Emma Wilson',
    age: 25,
    location: 'burnaby',
    avatar: 'EW',
    rating: 4.7,
    activities: ['hiking', 'climbing'],
    level: 'Beginner',
    pace: 'Relaxed',
    bio: 'New to BC and keen to learn the local trails. Burnaby Mountain regular.',
    compatibility: 82,
    lastActive: '3 hours ago',
    verified: false,
    totalActivities: 45,
    joinedDate: '2024-01-10',
    availability: ['weekends', 'evenings'],
    reasons: ['both hike on weekends', 'similar level: Beginner'],
  },
  {
    id: 'demo-partner-david',
    name: 'David Park',
    age: 35,
    location: 'west-vancouver',
    avatar: 'DP',
    rating: 4.9,
    activities: ['skiing', 'hiking'],
    level: 'Advanced',
    pace: 'Fast',
    bio: 'Cypress touring in winter, Howe Sound Crest in summer.',
    compatibility: 76,
    lastActive: '2 days ago',
    verified: true,
    totalActivities: 187,
    joinedDate: '2021-12-05',
    availability: ['weekends', 'mornings'],
    reasons: ['both hike mornings', 'nearby in West Vancouver'],
  },
  {
    id: 'demo-partner-lisa',
    name: 'Lisa Tremblay',
    age: 30,
    location: 'richmond',
    avatar: 'LT',
    rating: 4.6,
    activities: ['swimming', 'running'],
    level: 'Intermediate',
    pace: '6:00 /km',
    bio: 'Dyke trail runs and open-water swims at Spanish Banks.',
    compatibility: 73,
    lastActive: '6 hours ago',
    verified: true,
    totalActivities: 121,
    joinedDate: '2023-04-18',
    availability: ['weekdays', 'evenings'],
    reasons: ['both enjoy running', 'same level: Intermediate'],
  },
  {
    id: 'demo-partner-noah',
    name: 'Noah Kim',
    age: 29,
    location: 'burnaby',
    avatar: 'NK',
    rating: 4.5,
    activities: ['cycling'],
    level: 'Intermediate',
    pace: '22 km/h',
    bio: 'Central Valley Greenway commuter looking for weekend ride buddies.',
    compatibility: 71,
    lastActive: 'yesterday',
    verified: false,
    totalActivities: 76,
    joinedDate: '2024-02-22',
    availability: ['weekends'],
    reasons: ['both free on weekends', 'same level: Intermediate'],
  },
  {
    id: 'demo-partner-james',
    name: 'James Okafor',
    age: 41,
    location: 'surrey',
    avatar: 'JO',
    rating: 4.5,
    activities: ['cycling', 'hiking'],
    level: 'Beginner',
    pace: 'Relaxed',
    bio: 'Getting back into shape with family-friendly trails in Surrey.',
    compatibility: 64,
    lastActive: '4 days ago',
    verified: true,
    totalActivities: 23,
    joinedDate: '2024-05-30',
    availability: ['weekends', 'mornings'],
    reasons: ['both hike mornings'],
  },
  {
    id: 'demo-partner-sofia',
    name: 'Sofia Rossi',
    age: 33,
    location: 'west-vancouver',
    avatar: 'SR',
    rating: 4.8,
    activities: ['swimming', 'skiing'],
    level: 'Elite',
    pace: 'Fast',
    bio: 'Masters swimmer; Whytecliff Park dives and backcountry laps.',
    compatibility: 58,
    lastActive: '1 week ago',
    verified: true,
    totalActivities: 301,
    joinedDate: '2021-08-14',
    availability: ['weekdays', 'mornings'],
    reasons: ['both active mornings'],
  },
];

interface DemoMessage {
  id: string;
  fromMe: boolean;
  text: string;
  sentAt: string;
}

interface DemoPartnersState {
  connections: Record<string, ConnectionStatus>;
  blocked: string[];
  messages: Record<string, DemoMessage[]>;
  /** Messages the demo user sent per month ('YYYY-MM'). */
  sent: Record<string, number>;
}

function initialState(now: Date): DemoPartnersState {
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  return {
    // Priya has asked to connect and Mike is already a partner, so every part of the screens has something to show.
    connections: { 'demo-partner-priya': 'incoming', 'demo-partner-mike': 'partners' },
    blocked: [],
    messages: {
      'demo-partner-mike': [
        {
          id: 'demo-msg-1',
          fromMe: false,
          text: 'Hey! Up for a Stanley Park loop on Thursday morning?',
          sentAt: minutesAgo(180),
        },
        { id: 'demo-msg-2', fromMe: true, text: 'Sounds great. 6:30 at Lost Lagoon?', sentAt: minutesAgo(170) },
        { id: 'demo-msg-3', fromMe: false, text: 'Perfect, see you there!', sentAt: minutesAgo(160) },
      ],
    },
    sent: { [monthOf(now)]: 1 },
  };
}

/** The quota month, as the server counts it: the month in Vancouver (not UTC, which turns a day early in the evening). */
const monthOf = (date: Date) => planDateOf(date).slice(0, 7);

/** Midnight in Vancouver when the next quota month starts, like the server's `resetsAt`. */
function firstOfNextMonth(now: Date): string {
  const [year, month] = monthOf(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return planStartInstant(next, '00:00').toISOString();
}

const notAvailable = () => new ApiError(404, 'not_found', 'This member is not available.');

export function createPartnersDemoApi({ now, storage, wait }: DemoContext): PartnersApi {
  function read(): DemoPartnersState {
    try {
      const stored = storage.getItem(STORAGE_KEY);
      if (stored) return JSON.parse(stored) as DemoPartnersState;
    } catch {
      // Unreadable or unavailable storage: start from the sample state.
    }
    return initialState(now());
  }

  function write(state: DemoPartnersState) {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage can be disabled (private mode); the change then lasts until the page reloads.
    }
  }

  /** As the server answers: Premium (the billing demo's upgrade) lifts the limit and keeps the count. */
  function quota(state: DemoPartnersState): MessageQuota {
    const used = Math.min(FREE_MESSAGES_PER_MONTH, state.sent[monthOf(now())] ?? 0);
    const limits = {
      limit: FREE_MESSAGES_PER_MONTH,
      used,
      remaining: FREE_MESSAGES_PER_MONTH - used,
      resetsAt: firstOfNextMonth(now()),
    };
    return isDemoPremium(storage, now()) ? { ...limits, unlimited: true } : limits;
  }

  function partnerOf(userId: string, state: DemoPartnersState): DemoPartner {
    const partner = DEMO_PARTNERS.find((p) => p.id === userId);
    if (!partner || state.blocked.includes(userId)) throw notAvailable();
    return partner;
  }

  function card(partner: DemoPartner, state: DemoPartnersState): PartnerCard {
    return {
      userId: partner.id,
      displayName: partner.name,
      homeArea: partner.location,
      activities: partner.activities,
      sharedActivities: partner.activities.filter((activity) => activity === 'running' || activity === 'hiking'),
      level: partner.level,
      availability: partner.availability,
      bio: partner.bio,
      compatibility: partner.compatibility,
      reasons: partner.reasons,
      notCompared: [],
      connection: state.connections[partner.id] ?? 'none',
    };
  }

  function fits(
    partner: DemoPartner,
    { activity = 'all', location = 'all', level = 'all', availability = 'all', pace, weekend }: PartnerSearchParams,
  ): boolean {
    return (
      (activity === 'all' || partner.activities.includes(activity)) &&
      (location === 'all' || areNear(partner.location, location)) &&
      (level === 'all' || partner.level === LEVEL_BY_FILTER[level]) &&
      (availability === 'all' || partner.availability.includes(availability)) &&
      (weekend !== 'true' || partner.availability.includes('weekends')) &&
      (pace === undefined || demoPaceBand(partner.pace) === pace)
    );
  }

  function requirePartner(userId: string, state: DemoPartnersState): DemoPartner {
    const partner = partnerOf(userId, state);
    if (state.connections[userId] !== 'partners')
      throw new ApiError(403, 'forbidden', 'You can message accepted partners only.');
    return partner;
  }

  function setConnection(userId: string, connection: ConnectionStatus) {
    const state = read();
    partnerOf(userId, state);
    state.connections[userId] = connection;
    write(state);
    return { userId, connection, blocked: false };
  }

  function summaries(state: DemoPartnersState, connection: ConnectionStatus) {
    return DEMO_PARTNERS.filter((p) => state.connections[p.id] === connection && !state.blocked.includes(p.id)).map(
      (p) => ({
        userId: p.id,
        displayName: p.name,
        since: now().toISOString(),
      }),
    );
  }

  return {
    async searchPartners(params = {}) {
      const state = read();
      const matching = DEMO_PARTNERS.filter((p) => !state.blocked.includes(p.id) && fits(p, params)).sort(
        (a, b) => b.compatibility - a.compatibility,
      );
      const offset = params.cursor ? Number.parseInt(params.cursor, 10) || 0 : 0;
      const limit = params.limit ?? PARTNER_PAGE_SIZE_DEFAULT;
      const next = offset + limit;
      return {
        partners: matching.slice(offset, next).map((p) => card(p, state)),
        nextCursor: next < matching.length ? String(next) : null,
        me: { profileComplete: true, discoverable: true },
      };
    },

    async partnerProfile(userId) {
      const state = read();
      return { partner: card(partnerOf(userId, state), state) };
    },

    async partnerConnections() {
      const state = read();
      return {
        incoming: summaries(state, 'incoming'),
        outgoing: summaries(state, 'outgoing'),
        partners: summaries(state, 'partners'),
        blocked: DEMO_PARTNERS.filter((p) => state.blocked.includes(p.id)).map((p) => ({
          userId: p.id,
          displayName: p.name,
          since: now().toISOString(),
        })),
      };
    },

    async connectPartner(userId) {
      await wait(DEMO_CONNECT_DELAY_MS);
      const current = read().connections[userId] ?? 'none';
      if (current === 'partners') throw new ApiError(409, 'already_partners', 'You are already partners.');
      if (current === 'outgoing')
        throw new ApiError(409, 'already_requested', 'Your request is already waiting for their answer.');
      return setConnection(userId, current === 'incoming' ? 'partners' : 'outgoing');
    },

    async acceptPartner(userId) {
      if (read().connections[userId] !== 'incoming')
        throw new ApiError(404, 'not_found', 'There is no request from this member to answer.');
      return setConnection(userId, 'partners');
    },

    async declinePartner(userId) {
      if (read().connections[userId] !== 'incoming')
        throw new ApiError(404, 'not_found', 'There is no request from this member to answer.');
      return setConnection(userId, 'none');
    },

    async blockMember(userId) {
      const state = read();
      partnerOf(userId, state);
      state.blocked.push(userId);
      state.connections[userId] = 'none';
      write(state);
      return { userId, connection: 'none', blocked: true };
    },

    async unblockMember(userId) {
      const state = read();
      if (!state.blocked.includes(userId)) throw new ApiError(404, 'not_found', 'You have not blocked this member.');
      state.blocked = state.blocked.filter((id) => id !== userId);
      write(state);
      return { userId, connection: 'none', blocked: false };
    },

    async conversations() {
      const state = read();
      const conversations = DEMO_PARTNERS.filter(
        (p) => state.connections[p.id] === 'partners' && !state.blocked.includes(p.id),
      ).map((p) => {
        const last = state.messages[p.id]?.at(-1);
        return {
          userId: p.id,
          displayName: p.name,
          lastMessage: last ? { text: last.text, fromMe: last.fromMe, sentAt: last.sentAt } : null,
        };
      });
      conversations.sort((a, b) => (b.lastMessage?.sentAt ?? '').localeCompare(a.lastMessage?.sentAt ?? ''));
      return { conversations, quota: quota(state) };
    },

    async conversationMessages(userId) {
      const state = read();
      const partner = requirePartner(userId, state);
      const messages: Message[] = state.messages[userId] ?? [];
      return {
        partner: { userId, displayName: partner.name ?? UNNAMED_MEMBER },
        messages,
        nextCursor: null,
        quota: quota(state),
      };
    },

    async sendMessage(userId, text) {
      const state = read();
      requirePartner(userId, state);
      // The server's own rule (NFC, trim, length, no control or bidi characters).
      const parsed = SendMessageRequest.safeParse({ text });
      if (!parsed.success) throw validationFailed(parsed.error);
      const trimmed = parsed.data.text;
      const month = monthOf(now());
      if ((state.sent[month] ?? 0) >= FREE_MESSAGES_PER_MONTH && !isDemoPremium(storage, now()))
        throw new ApiError(429, MESSAGE_QUOTA_EXCEEDED_CODE, MESSAGE_QUOTA_EXCEEDED_MESSAGE);
      const message: DemoMessage = {
        id: `demo-msg-${now().getTime()}-${Math.random().toString(36).slice(2, 8)}`,
        fromMe: true,
        text: trimmed,
        sentAt: now().toISOString(),
      };
      state.messages[userId] = [...(state.messages[userId] ?? []), message];
      state.sent[month] = (state.sent[month] ?? 0) + 1;
      write(state);
      return { message, quota: quota(state) };
    },

    async markConversationRead(userId) {
      requirePartner(userId, read());
      return { unreadMessages: markDemoConversationRead(storage, userId) };
    },
  };
}
