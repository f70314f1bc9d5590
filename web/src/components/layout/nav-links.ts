import { paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  to: string;
}

export const signedInNav: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Find Partners', to: paths.findPartners },
  { label: 'Health Analysis', to: paths.analysis },
  { label: 'Plan Activity', to: paths.planActivity },
  { label: 'Profile', to: paths.profile },
];

export const signedOutNav: readonly NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'Features', to: paths.features },
  { label: 'About', to: paths.about },
  { label: 'Terms', to: paths.terms },
];
