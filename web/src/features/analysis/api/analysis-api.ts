import { AnalysisResponse, type AnalysisRange } from '@shared/schemas/analysis';
import type { ApiTransport } from '@/lib/api/transport';

/** The health analysis screen and the dashboard's totals. */
export interface AnalysisApi {
  /** The caller's stat cards, charts, heatmap, activity level and recent list for one date filter. */
  analysis(range: AnalysisRange): Promise<AnalysisResponse>;
}

export function createAnalysisHttpApi({ request }: ApiTransport): AnalysisApi {
  return {
    analysis: (range) => request(`/analysis?range=${encodeURIComponent(range)}`, AnalysisResponse, { auth: true }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends AnalysisApi {}
}
