import { SupportReceipt, type SupportRequest } from '@shared/schemas/support';
import type { ApiTransport } from '@/lib/api/transport';

/** Contact support: a member's request, mailed to the support team (Premium members' are answered first). */
export interface SupportApi {
  /** POST /api/support; a retry with the same `idempotencyKey` sends one request. */
  requestSupport(request: SupportRequest, idempotencyKey?: string): Promise<SupportReceipt>;
}

export function createSupportHttpApi({ request }: ApiTransport): SupportApi {
  return {
    requestSupport: (body, idempotencyKey) =>
      request('/support', SupportReceipt, { auth: true, method: 'POST', body, idempotencyKey }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends SupportApi {}
}
