import {
  ConversationsResponse,
  MarkConversationReadResponse,
  MessagesResponse,
  SendMessageResponse,
} from '@shared/schemas/messages';
import {
  ConnectionActionResponse,
  PartnerConnectionsResponse,
  PartnerProfileResponse,
  PartnerSearchResponse,
  type PartnerSearchQuery,
} from '@shared/schemas/partners';
import type { ApiTransport } from '@/lib/api/transport';

/** What a screen may ask of GET /api/partners; the server fills in the defaults ('all', 12 a page). */
export type PartnerSearchParams = Partial<PartnerSearchQuery>;

/** Partner finding, partner requests, blocking and messages. */
export interface PartnersApi {
  /** One page of members for the filters, best match first within the page. */
  searchPartners(params?: PartnerSearchParams): Promise<PartnerSearchResponse>;
  /** View Profile: a member's coarse facts. */
  partnerProfile(userId: string): Promise<PartnerProfileResponse>;
  /** Requests both ways, partners, and members the caller blocked. */
  partnerConnections(): Promise<PartnerConnectionsResponse>;
  connectPartner(userId: string): Promise<ConnectionActionResponse>;
  acceptPartner(userId: string): Promise<ConnectionActionResponse>;
  declinePartner(userId: string): Promise<ConnectionActionResponse>;
  blockMember(userId: string): Promise<ConnectionActionResponse>;
  unblockMember(userId: string): Promise<ConnectionActionResponse>;
  conversations(): Promise<ConversationsResponse>;
  conversationMessages(userId: string, cursor?: string): Promise<MessagesResponse>;
  sendMessage(userId: string, text: string, idempotencyKey?: string): Promise<SendMessageResponse>;
  /** The caller opened the conversation: their read marker moves; answers the conversations still waiting. */
  markConversationRead(userId: string): Promise<MarkConversationReadResponse>;
}

function searchString(params: PartnerSearchParams): string {
  const search = new URLSearchParams();
  for (const key of ['activity', 'location', 'level', 'availability', 'pace', 'cursor', 'limit'] as const) {
    const value = params[key];
    if (value !== undefined && value !== '' && value !== 'all') search.set(key, String(value));
  }
  if (params.weekend === 'true') search.set('weekend', 'true');
  const query = search.toString();
  return query ? `?${query}` : '';
}

export function createPartnersHttpApi({ request }: ApiTransport): PartnersApi {
  const member = (userId: string) => `/partners/${encodeURIComponent(userId)}`;
  const action = (userId: string, verb: string, method: 'POST' | 'DELETE' = 'POST') =>
    request(`${member(userId)}/${verb}`, ConnectionActionResponse, { auth: true, method });
  return {
    searchPartners: (params = {}) => request(`/partners${searchString(params)}`, PartnerSearchResponse, { auth: true }),
    partnerProfile: (userId) => request(member(userId), PartnerProfileResponse, { auth: true }),
    partnerConnections: () => request('/partner-connections', PartnerConnectionsResponse, { auth: true }),
    connectPartner: (userId) => action(userId, 'connect'),
    acceptPartner: (userId) => action(userId, 'accept'),
    declinePartner: (userId) => action(userId, 'decline'),
    blockMember: (userId) => action(userId, 'block'),
    unblockMember: (userId) => action(userId, 'block', 'DELETE'),
    conversations: () => request('/conversations', ConversationsResponse, { auth: true }),
    conversationMessages: (userId, cursor) =>
      request(
        `/conversations/${encodeURIComponent(userId)}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        MessagesResponse,
        { auth: true },
      ),
    sendMessage: (userId, text, idempotencyKey) =>
      request(`/conversations/${encodeURIComponent(userId)}/messages`, SendMessageResponse, {
        auth: true,
        method: 'POST',
        body: { text },
        idempotencyKey,
      }),
    markConversationRead: (userId) =>
      request(`/conversations/${encodeURIComponent(userId)}/read`, MarkConversationReadResponse, {
        auth: true,
        method: 'POST',
      }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends PartnersApi {}
}
