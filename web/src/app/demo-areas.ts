/**
 * Which areas of the demo client each screen asks for on its first render, with no React or DOM code: the build lists
 * their chunks in index.html (web/scripts/prerender.ts) and the module entry (web/src/main.tsx) preloads them in demo
 * mode, as it does the screen's own chunks (web/src/app/screens.ts).
 */
import type { PageId } from '../lib/paths';

/** The id of index.html's JSON block naming the chunks of each screen's demo areas (a ScreenChunks). */
export const DEMO_CHUNKS_ID = 'demo-chunks';

/** What the demo's Strava status and analysis load: its sample data and the shared analysis it computes with. */
const DEMO_ANALYSIS = ['src/lib/demo/demo-strava.ts', '../functions/shared/analysis/analysis.ts'];
/**
 * The demo client's areas (web/src/app/demo-api-client.ts loads each on its first call) that a screen asks for
 * as it first renders, named as Vite's build manifest names them (relative to web/). In demo mode the entry preloads
 * their chunks beside the screen's, so the screen does not find them one round trip after another once it has
 * rendered. check:budget fails when the demo dashboard or analysis fetches one before its figures that is
 * not listed here.
 */
export const DEMO_AREA_MODULES: Partial<Record<PageId, readonly string[]>> = {
  dashboard: [
    ...DEMO_ANALYSIS,
    'src/features/profile/demo/profile-demo.ts',
    'src/features/group-activities/demo/group-activities-demo.ts',
  ],
  // A person with no provider sees the analysis when they imported files: the page asks for the list of imports.
  analysis: [...DEMO_ANALYSIS, 'src/features/file-import/demo/file-import-demo.ts'],
  profile: [
    'src/lib/demo/demo-strava.ts',
    'src/features/profile/demo/profile-demo.ts',
    'src/features/trip-plans/demo/trip-plans-demo.ts',
  ],
  findPartners: ['src/features/partners/demo/partners-demo.ts'],
  planActivity: [
    'src/features/group-activities/demo/group-activities-demo.ts',
    'src/features/profile/demo/profile-demo.ts',
  ],
  messages: ['src/features/partners/demo/partners-demo.ts'],
  moderation: ['src/features/moderation/demo/moderation-demo.ts'],
  tripPlans: ['src/features/trip-plans/demo/trip-plans-demo.ts'],
  fileImports: ['src/features/file-import/demo/file-import-demo.ts'],
  billing: ['src/features/billing/demo/billing-demo.ts'],
  support: ['src/features/billing/demo/billing-demo.ts'],
};
