import type { ApiTransport } from './transport';

/** Issue 6: filled in with the area's calls. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PartnersApi {}

export function createPartnersHttpApi(_transport: ApiTransport): PartnersApi {
  return {};
}
