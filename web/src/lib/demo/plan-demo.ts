import type { PlanApi } from '@/lib/api/plan-api';
import type { DemoContext } from './demo-context';

export function createPlanDemoApi(_context: DemoContext): PlanApi {
  return {};
}
