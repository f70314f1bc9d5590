import { Link } from 'react-router-dom';

/** The TrailBuddy mark and name, linking to `to`. */
export function Brand({ to }: { to: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="7" className="fill-brand-700" />
        <path d="M5 24 13 11l4 6 3-4 7 11z" className="fill-brand-50" />
        <circle cx="23" cy="9" r="2.5" className="fill-accent-100" />
      </svg>
      <span>
        Trail<span className="text-brand-700">Buddy</span>
      </span>
    </Link>
  );
}
