import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';

const planningTips = [
  'Pick a meeting point with parking or transit access.',
  'Share the expected pace and distance so everyone can decide.',
  'Check the trail report and weather the evening before.',
  'Give partners 24–48 hours notice and confirm rides 24 hours ahead.',
] as const;

const popularLocations = [
  { name: 'Grouse Grind', area: 'North Vancouver' },
  { name: 'Stanley Park Seawall', area: 'Vancouver' },
  { name: 'Lynn Canyon', area: 'North Vancouver' },
  { name: 'Whistler Valley Trail', area: 'Whistler' },
  { name: 'Galloping Goose Trail', area: 'Victoria' },
  { name: 'Knox Mountain', area: 'Kelowna' },
] as const;

export default function PlanActivityPage() {
  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader title="Plan Activity" description="Organise a run, hike or ride and invite partners to join you." />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="planning-tips" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="planning-tips" className="text-lg font-semibold text-slate-900">
            Planning tips
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {planningTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="popular-locations" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="popular-locations" className="text-lg font-semibold text-slate-900">
            Popular BC locations
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {popularLocations.map((location) => (
              <li key={location.name} className="rounded-xl bg-slate-50 p-3">
                <p className="font-medium text-slate-900">{location.name}</p>
                <p className="text-sm text-slate-600">{location.area}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageContainer>
  );
}
