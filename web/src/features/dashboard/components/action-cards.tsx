import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

const actions = [
  {
    title: 'Find Partners',
    body: 'Meet people who match your pace, level and schedule.',
    to: paths.findPartners,
    cta: 'Browse partners',
  },
  {
    title: 'Plan an Activity',
    body: 'Pick a trail, a time and how many can join.',
    to: paths.planActivity,
    cta: 'Start planning',
  },
  {
    title: 'Analyze Your Health',
    body: 'See your trends, active days and activity level.',
    to: paths.analysis,
    cta: 'View analysis',
  },
] as const;

/** The overview's three action cards. */
export function ActionCards() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {actions.map((action) => (
        <li key={action.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-slate-900">{action.title}</h2>
          <p className="mt-1 text-sm text-slate-600">{action.body}</p>
          <Link to={action.to} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
            {action.cta}
          </Link>
        </li>
      ))}
    </ul>
  );
}
