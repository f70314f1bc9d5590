import type { DashboardStats } from '../utils/dashboard-stats';

/** `ridesShared`: the Rides Shared card's number, if the client has one (demo mode's is fixed at 7, spec core-app §9). */
export function StatCards({ stats, ridesShared }: { stats: DashboardStats; ridesShared: number | null }) {
  // Each figure names its period: the all-time ones sit beside lists of a few recent items.
  const cards: Array<[string, string, string]> = [
    ['Total Activities', String(stats.totalActivities), 'All time'],
    ['This Week', String(stats.thisWeek), 'Last 7 days, today included'],
    ['Total Distance', `${stats.totalDistanceKm} km`, 'All time'],
  ];
  if (ridesShared !== null) cards.push(['Rides Shared', String(ridesShared), 'All time']);
  return (
    // As many columns as cards at full width, so no empty slot is left (a signed-in user has three).
    <dl className={`grid grid-cols-2 gap-4 ${cards.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {cards.map(([label, value, period]) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          <dd className="mt-1 text-xs text-slate-500">{period}</dd>
        </div>
      ))}
    </dl>
  );
}
