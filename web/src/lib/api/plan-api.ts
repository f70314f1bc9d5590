import type { ApiTransport } from './transport';

/** Issue 6: filled in with the area's calls. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlanApi {}

export function createPlanHttpApi(_transport: ApiTransport): PlanApi {
  return {};
}
