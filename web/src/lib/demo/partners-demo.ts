import type { PartnersApi } from '@/lib/api/partners-api';
import type { DemoContext } from './demo-context';

export function createPartnersDemoApi(_context: DemoContext): PartnersApi {
  return {};
}
