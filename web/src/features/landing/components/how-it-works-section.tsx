import type { ComponentType } from 'react';
import { CompassIcon, MountainIcon, UserIcon } from './icons';

type Step = { title: string; description: string; Icon: ComponentType<{ className?: string }> };

const STEPS: readonly Step[] = [
  {
    title: 'Create Your Profile',
    description:
      'Sign up, set your fitness level and favourite activities, and optionally connect Strava, Google Health or Apple Health.',
    Icon: UserIcon,
  },
  {
    title: 'Find Compatible Partners',
    description:
      'Browse partners ranked by compatibility, filtered by activity, area, level and when you like to get out.',
    Icon: CompassIcon,
  },
  {
    title: 'Plan & Adventure',
    description:
      'Create an activity, invite your partners, sort out rides and head for the mountains, the coast or the lake.',
    Icon: MountainIcon,
  },
];

/** Also the "About" target: the header's About link lands here. */
export function HowItWorksSection() {
  return (
    <section id="about" aria-labelledby="how-it-works-heading" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">About TrailBuddy</p>
          <h2 id="how-it-works-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            How It Works
          </h2>
          <p className="mt-4 text-lg text-slate-600">Three steps from the couch to the summit.</p>
        </div>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {STEPS.map(({ title, description, Icon }, index) => (
            <li key={title} className="flex flex-col items-center text-center">
              <span className="relative inline-flex size-16 items-center justify-center rounded-full bg-teal-700 text-white">
                <Icon className="size-7" />
                <span
                  aria-hidden="true"
                  className="absolute -top-1 -right-1 inline-flex size-7 items-center justify-center rounded-full bg-white text-sm font-bold text-teal-800 ring-2 ring-teal-700"
                >
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 max-w-xs text-slate-600">{description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
