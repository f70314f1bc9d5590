import type { ComponentType } from 'react';
import { CalendarIcon, MatchIcon, ShieldCheckIcon } from './icons';

type Feature = { title: string; description: string; Icon: ComponentType<{ className?: string }> };

const FEATURES: readonly Feature[] = [
  {
    title: 'Smart Partner Matching',
    description:
      'Get matched by fitness level, favourite activities, availability and area. Your connected activity data shapes the match, and only you ever see it.',
    Icon: MatchIcon,
  },
  {
    title: 'Schedule Coordination',
    description:
      'Plan outings, invite partners, share rides to the trailhead and get reminders, so the whole group shows up at the right place and time.',
    Icon: CalendarIcon,
  },
  {
    title: 'Verified Partners',
    description:
      'Every member signs in with a verified account. Partner cards show a coarse activity level and shared interests, never anyone’s raw numbers.',
    Icon: ShieldCheckIcon,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">Features</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Everything you need to get outside together
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            From finding the right people to getting everyone to the trailhead on time.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ title, description, Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
