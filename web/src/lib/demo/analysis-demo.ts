import type { AnalysisApi } from '@/lib/api/analysis-api';
import type { DemoContext } from './demo-context';

export function createAnalysisDemoApi(_context: DemoContext): AnalysisApi {
  return {};
}
