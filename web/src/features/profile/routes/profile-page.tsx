import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { StravaConnectCard } from '@/components/strava/strava-connect-card';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useStravaConnection } from '@/lib/connections/use-strava-connection';
import { userMessage } from '@/lib/error-messages';
import { useMe, type MeResponse } from '../api/get-me';
// The one place another feature's component is composed in: the profile hosts the activities list.
import { ActivitiesList } from '@/components/activities/activities-list';
import { ConnectionErrorNotice } from '../components/connection-error-notice';

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long' });

export default function ProfilePage() {
  const me = useMe();
  const strava = useStravaConnection();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const handleSignOut = async () => {
    await signOut();
    navigate(paths.home);
  };

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Your Profile"
        description="Your account details and connected fitness apps."
        actions={
          <button type="button" onClick={handleSignOut} className={buttonStyles.secondary}>
            Sign Out
          </button>
        }
      />
      <ConnectionErrorNotice code={searchParams.get('error')} />
      <section aria-labelledby="account-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Account
        </h2>
        {me.status === 'loading' && <Spinner label="Loading account details" />}
        {me.status === 'error' && (
          <div className="mt-4 space-y-3">
            <FormMessage kind="error">{userMessage(me.error)}</FormMessage>
            <button type="button" onClick={me.reload} className={buttonStyles.secondary}>
              Try Again
            </button>
          </div>
        )}
        {me.status === 'success' && <AccountDetails account={me.data} />}
      </section>
      <section aria-labelledby="integrations-heading" className="space-y-4">
        <h2 id="integrations-heading" className="text-lg font-semibold text-slate-900">
          Provider Integrations
        </h2>
        <StravaConnectCard strava={strava} showLastSync />
      </section>
      {strava.state.status === 'ready' && (
        <ActivitiesList connected={strava.state.connection !== null} refreshKey={strava.activitiesVersion} />
      )}
    </PageContainer>
  );
}

function AccountDetails({ account }: { account: MeResponse }) {
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-3">
      <div>
        <dt className="text-sm text-slate-600">Email</dt>
        <dd className="mt-1 break-all font-medium text-slate-900">{account.email}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">User ID</dt>
        <dd className="mt-1 break-all font-mono text-sm text-slate-900">{account.id}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Account created</dt>
        <dd className="mt-1 font-medium text-slate-900">
          <time dateTime={account.createdAt}>{dateFormat.format(new Date(account.createdAt))}</time>
        </dd>
      </div>
    </dl>
  );
}
