import { Link } from 'react-router-dom';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { paths } from '@/lib/paths';
import { CheckIcon } from './icons';

type Plan = {
  id: string;
  name: string;
  monthlyPriceDollars: number;
  summary: string;
  perks: readonly string[];
  callToAction: string;
  /**
   * Where the call to action leads: a plain link, as the page is static. Premium goes to the plan screen through the
   * login page, which sends a signed-in visitor straight on; the checkout starts there, on a click.
   */
  to: string;
  mostPopular: boolean;
};

const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPriceDollars: 0,
    summary: 'Everything you need to find your first partners.',
    perks: ['Basic partner matching', '5 messages per month', 'Basic activity planning'],
    callToAction: 'Start for Free',
    to: paths.login,
    mostPopular: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    monthlyPriceDollars: 9,
    summary: 'For people who get out every week.',
    perks: ['Advanced matching', 'Unlimited messaging', 'Group activity coordination', 'Priority support'],
    callToAction: 'Go Premium',
    to: loginPathReturningTo(paths.login, paths.billing),
    mostPopular: true,
  },
];

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}-heading`;
  const highlighted = plan.mostPopular;
  return (
    <article
      aria-labelledby={headingId}
      className={
        highlighted
          ? 'relative flex flex-col rounded-2xl bg-slate-900 p-8 text-white shadow-xl ring-2 ring-emerald-500'
          : 'relative flex flex-col rounded-2xl bg-white p-8 text-slate-900 shadow-sm ring-1 ring-slate-200'
      }
    >
      {highlighted && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-emerald-500 px-3 py-1 text-xs font-bold tracking-wide text-slate-950 uppercase">
          Most Popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold">
        {plan.name}
      </h3>
      <p className={highlighted ? 'mt-1 text-slate-300' : 'mt-1 text-slate-600'}>{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight">${plan.monthlyPriceDollars}</span>
        <span className={highlighted ? 'text-slate-300' : 'text-slate-600'}>/month</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {plan.perks.map((perk) => (
          <li key={perk} className="flex items-start gap-2">
            <CheckIcon className={highlighted ? 'mt-0.5 size-5 text-emerald-400' : 'mt-0.5 size-5 text-emerald-700'} />
            {perk}
          </li>
        ))}
      </ul>
      <Link
        to={plan.to}
        className={
          highlighted
            ? 'mt-8 rounded-lg bg-emerald-500 px-4 py-3 text-center font-semibold text-slate-950 hover:bg-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300'
            : 'mt-8 rounded-lg bg-slate-900 px-4 py-3 text-center font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700'
        }
      >
        {plan.callToAction}
      </Link>
    </article>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Simple, Transparent Pricing
          </h2>
          <p className="mt-4 text-lg text-slate-600">Start free. Upgrade when your calendar fills up.</p>
        </div>
        <div className="mx-auto mt-14 grid max-w-4xl gap-8 md:grid-cols-2">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </div>
    </section>
  );
}
