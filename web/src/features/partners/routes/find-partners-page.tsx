import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';

const matchingSteps = [
  { title: 'Fitness analysis', body: 'Your connected workouts set your activity level, so partners share your pace and distance.' },
  { title: 'Location and schedule', body: 'We look for people near you who are free when you are — weekday mornings or weekend epics.' },
  { title: 'Personality match', body: 'Shared activities and preferences point you to partners you will enjoy the trail with.' },
] as const;

export default function FindPartnersPage() {
  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Find Partners"
        description="Discover runners, hikers and riders across the Lower Mainland who match your level and schedule."
      />
      <section aria-labelledby="how-matching-works" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="how-matching-works" className="text-lg font-semibold text-slate-900">
          How matching works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {matchingSteps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-slate-50 p-4">
              <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
              <h3 className="mt-1 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </PageContainer>
  );
}
