import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { Brand } from './brand';

export const SUPPORT_EMAIL = 'support@trailbuddy.app';

const productLinks = [
  { label: 'Find Partners', to: paths.findPartners },
  { label: 'Plan Activity', to: paths.planActivity },
  { label: 'Health Analysis', to: paths.analysis },
  { label: 'Features', to: paths.features },
] as const;

// Accounts are not open yet, so these are names without links rather than dead links.
const socialChannels = ['Instagram', 'Facebook', 'Strava Club'] as const;

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <div className="inline-block rounded-lg bg-white px-2 py-1">
            <Brand to={paths.home} />
          </div>
          <p className="text-sm">Adventure partners for runners, hikers and riders across British Columbia.</p>
        </div>

        <nav aria-label="Product">
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {productLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={paths.about} className="hover:text-white hover:underline">
                About
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="hover:text-white hover:underline">
                Privacy &amp; Terms
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-white hover:underline">
                {SUPPORT_EMAIL}
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold text-white">Follow us</h2>
          <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Social channels">
            {socialChannels.map((channel) => (
              <li key={channel} className="rounded-full border border-slate-700 px-3 py-1 text-slate-400">
                {channel}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} TrailBuddy. Made in British Columbia.
      </p>
    </footer>
  );
}
