import { RIDE_COST_GUIDANCE } from '@shared/schemas/rides';

const PLANNING_TIPS = [
  'Pick a meeting point with parking or transit access.',
  'Share the expected pace and distance so everyone can decide.',
  'Check the trail report and weather the evening before.',
  'Give partners 24–48 hours notice, and confirm rides 24 hours before.',
  `Share ride costs fairly: $${RIDE_COST_GUIDANCE.min}–${RIDE_COST_GUIDANCE.max} per person is usual.`,
] as const;

const POPULAR_LOCATIONS = [
  { name: 'Grouse Grind', area: 'North Vancouver', kind: 'Hiking' },
  { name: 'Stanley Park Seawall', area: 'Vancouver', kind: 'Running, cycling' },
  { name: 'Lynn Canyon', area: 'North Vancouver', kind: 'Trail running' },
  { name: 'Whistler Valley Trail', area: 'Whistler', kind: 'Cycling' },
  { name: 'Galloping Goose Trail', area: 'Victoria', kind: 'Cycling' },
  { name: 'Knox Mountain', area: 'Kelowna', kind: 'Hiking' },
] as const;

export function PlanningTips() {
  return (
    <section aria-labelledby="planning-tips" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="planning-tips" className="text-lg font-semibold text-slate-900">
        Planning tips
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
        {PLANNING_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

export function PopularLocations() {
  return (
    <section aria-labelledby="popular-locations" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="popular-locations" className="text-lg font-semibold text-slate-900">
        Popular BC locations
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {POPULAR_LOCATIONS.map((location) => (
          <li key={location.name} className="rounded-xl bg-slate-50 p-3">
            <p className="font-medium text-slate-900">{location.name}</p>
            <p className="text-sm text-slate-600">
              {location.area} · {location.kind}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
