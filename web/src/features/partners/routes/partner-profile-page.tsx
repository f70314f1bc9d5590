import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { ReportButton } from '@/components/reports/report-button';
import { BlockButton } from '../components/block-button';
import { CompatibilityBadge } from '../components/compatibility-badge';
import { ConnectionActions } from '../components/connection-actions';
import { Avatar, MatchReasons, PartnerFacts } from '../components/partner-facts';
import { actionMessage, initialsOf } from '../utils/partner-format';

const FACTOR_LABELS: Record<string, string> = {
  activities: 'activities',
  level: 'activity level',
  pace: 'pace',
  days: 'days',
  timeOfDay: 'time of day',
  area: 'area',
};

/** View Profile (/find-partners/:userId): the same coarse facts as the card, with Connect and Block. */
export default function PartnerProfilePage() {
  const { userId = '' } = useParams();
  const api = useApiClient();
  const navigate = useNavigate();
  const profile = useServerQuery(queryKeys.partners.profile(userId), () => api.partnerProfile(userId));

  const back = (
    <Link to={paths.findPartners} className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
      ← Back to Find Partners
    </Link>
  );

  if (profile.status === 'loading') return <PageSpinner label="Loading profile" />;
  if (profile.status === 'error') {
    return (
      <PageContainer>
        {back}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Partner profile</h1>
        <FormMessage kind="error">{actionMessage(profile.error)}</FormMessage>
      </PageContainer>
    );
  }

  const { partner } = profile.data;
  return (
    <PageContainer>
      <DemoBanner />
      {back}
      <article
        aria-labelledby="partner-name"
        className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-4">
          <Avatar initials={initialsOf(partner.displayName)} />
          <div className="flex-1">
            <h1 id="partner-name" className="text-3xl font-bold tracking-tight text-slate-900">
              {partner.displayName}
            </h1>
            <CompatibilityBadge percent={partner.compatibility} />
          </div>
        </div>
        {partner.bio && <p className="text-slate-700">{partner.bio}</p>}
        <PartnerFacts partner={partner} />
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">Why you match</h2>
          {partner.reasons.length > 0 ? (
            <MatchReasons reasons={partner.reasons} />
          ) : (
            <p className="text-sm text-slate-600">Nothing in common that they share publicly yet.</p>
          )}
          {partner.notCompared.length > 0 && (
            <p className="text-sm text-slate-600">
              Not compared (no data yet):{' '}
              {partner.notCompared.map((factor) => FACTOR_LABELS[factor] ?? factor).join(', ')}.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <ConnectionActions
            userId={partner.userId}
            displayName={partner.displayName}
            connection={partner.connection}
          />
          <Link to={paths.findPartners} className={buttonStyles.secondary}>
            Find more partners
          </Link>
          <BlockButton
            userId={partner.userId}
            displayName={partner.displayName}
            onBlocked={() => navigate(paths.findPartners)}
          />
          <ReportButton
            target={{ kind: 'person', userId: partner.userId }}
            ariaLabel={`Report ${partner.displayName}`}
          />
        </div>
      </article>
    </PageContainer>
  );
}
