import { httpRoute } from '../http-route';
import { AnalysisQuery } from '../../shared/schemas/analysis';
import { getAnalysis } from '../../usecases/analysis';

/** GET /api/analysis?range=week|month|year|all — the caller's stat cards, charts, heatmap, activity level and recent list. */
export const handler = httpRoute({ query: AnalysisQuery }, async ({ caller, query, now }) =>
  getAnalysis(caller.userId, query.range, now),
);
