import type { PartnerCard } from '@shared/schemas/partners';
import { activityLabel, areaLabel, availabilityLabel } from '../utils/partner-format';

/** The coarse facts a member shares, as a definition list; private ones are simply absent. */
export function PartnerFacts({ partner }: { partner: PartnerCard }) {
  const rows: [string, string][] = [];
  if (partner.homeArea) rows.push(['Area', areaLabel(partner.homeArea)]);
  if (partner.level) rows.push(['Level', partner.level]);
  if (partner.activities.length > 0) rows.push(['Activities', partner.activities.map(activityLabel).join(', ')]);
  if (partner.availability.length > 0)
    rows.push(['Availability', partner.availability.map(availabilityLabel).join(', ')]);
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function MatchReasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label="Why you match" className="flex flex-wrap gap-2">
      {reasons.map((reason) => (
        <li key={reason} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
          {reason}
        </li>
      ))}
    </ul>
  );
}

export function Avatar({ initials }: { initials: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-100 text-lg font-semibold text-accent-800"
    >
      {initials}
    </span>
  );
}
