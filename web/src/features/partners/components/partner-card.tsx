import { Link } from 'react-router-dom';
import type { PartnerCard as PartnerCardData } from '@shared/schemas/partners';
import { buttonStyles } from '@/components/ui/button-styles';
import { ReportButton } from '@/components/reports/report-button';
import { initialsOf, memberPath } from '../utils/partner-format';
import { CompatibilityBadge } from './compatibility-badge';
import { ConnectionActions } from './connection-actions';
import { Avatar, MatchReasons, PartnerFacts } from './partner-facts';

/** One member in the results: only the coarse facts they share, the match and what to do next. */
export function PartnerCard({ partner }: { partner: PartnerCardData }) {
  const headingId = `partner-${partner.userId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex min-w-0 flex-1 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar initials={initialsOf(partner.displayName)} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {partner.displayName}
          </h3>
          <CompatibilityBadge percent={partner.compatibility} />
        </div>
      </div>
      <PartnerFacts partner={partner} />
      {partner.bio && <p className="text-sm text-slate-700">{partner.bio}</p>}
      <MatchReasons reasons={partner.reasons} />
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <ConnectionActions userId={partner.userId} displayName={partner.displayName} connection={partner.connection} />
        <Link
          to={memberPath(partner.userId)}
          className={buttonStyles.secondary}
          aria-label={`View Profile of ${partner.displayName}`}
        >
          View Profile
        </Link>
        <ReportButton target={{ kind: 'person', userId: partner.userId }} ariaLabel={`Report ${partner.displayName}`} />
      </div>
    </article>
  );
}
