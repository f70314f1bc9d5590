import type { ApiTransport } from './transport';

/** Issue 5: filled in with the area's calls. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AnalysisApi {}

export function createAnalysisHttpApi(_transport: ApiTransport): AnalysisApi {
  return {};
}
