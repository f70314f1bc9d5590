import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';

function EmptyPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center"
    >
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mx-auto mt-2 max-w-md text-slate-600">{children}</div>
    </section>
  );
}

/** No provider connected (spec §2: 'No health providers connected yet', 'Connect Your Health Apps'). */
export function ConnectHealthApps() {
  return (
    <EmptyPanel id="connect-health-apps" title="Connect Your Health Apps">
      <p>No health providers connected yet.</p>
      <p className="mt-1">
        Connect Strava, Google Health or Apple Health to see your trends, active days and activity level here.
      </p>
      <Link to={paths.profile} className={`${buttonStyles.primary} mt-6`}>
        Connect a provider
      </Link>
    </EmptyPanel>
  );
}

/** Connected, but nothing has arrived yet. */
export function NoActivityDataYet() {
  return (
    <EmptyPanel id="no-activity-data" title="No Activity Data Yet">
      <p>Your data may still be syncing. Try a manual sync with Sync Data, or record a workout in your fitness app.</p>
    </EmptyPanel>
  );
}

/** Data exists, but not in the selected range. */
export function NoActivitiesForFilters() {
  return (
    <p
      role="status"
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700"
    >
      No activities found for the selected filters
    </p>
  );
}
