import { paths } from '@/app/paths';

export const tripPlanPath = (planId: string) => paths.tripPlan.replace(':planId', encodeURIComponent(planId));
