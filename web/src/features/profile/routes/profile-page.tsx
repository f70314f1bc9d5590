import { useState } from 'react';
import { useChanged } from '@/lib/use-changed';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { ProviderIntegrations } from '@/features/connections/components/health-connections';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { userMessage } from '@/lib/error-messages';
import { useProfile, type ProfileResponse } from '../api/get-profile';
import { AccountDetails } from '../components/account-details';
import { ChangeEmailSection } from '../components/change-email-section';
import { ChangePasswordSection } from '../components/change-password-section';
import { ConnectionErrorNotice } from '../components/connection-error-notice';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DownloadDataSection } from '../components/download-data-section';
import { EmailSettingsSection } from '../components/email-settings-section';
import { ProfileSettingsForm } from '../components/profile-settings-form';
import { PushSettingsSection } from '../components/push-settings-section';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export default function ProfilePage() {
  const profile = useProfile();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The latest saved profile: a save updates the account card without fetching again.
  const [saved, setSaved] = useState<ProfileResponse | null>(null);
  if (useChanged([profile.status])) setSaved(null);
  const current = saved ?? (profile.status === 'success' ? profile.data : null);

  const handleSignOut = async () => {
    await signOut();
    navigate(paths.home);
  };

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Your Profile"
        description="Your account, your partner profile and your connected fitness apps."
        actions={
          <button type="button" onClick={handleSignOut} className={buttonStyles.secondary}>
            Sign Out
          </button>
        }
      />
      <ConnectionErrorNotice code={searchParams.get('error')} />
      <section aria-labelledby="account-heading" className={card}>
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Account
        </h2>
        {profile.status === 'loading' && <Spinner label="Loading account details" />}
        {profile.status === 'error' && (
          <div className="mt-4 space-y-3">
            <FormMessage kind="error">{userMessage(profile.error)}</FormMessage>
            <button type="button" onClick={profile.reload} className={buttonStyles.secondary}>
              Try Again
            </button>
          </div>
        )}
        {current && <AccountDetails profile={current} />}
      </section>
      {current && (
        <section className={card}>
          <ProfileSettingsForm profile={current} onSaved={setSaved} />
        </section>
      )}
      <section aria-labelledby="integrations-heading" className="space-y-4">
        <h2 id="integrations-heading" className="text-lg font-semibold text-slate-900">
          Provider Integrations
        </h2>
        <ProviderIntegrations />
      </section>
      <section aria-labelledby="billing-heading" className={card}>
        <h2 id="billing-heading" className="text-lg font-semibold text-slate-900">
          Plan &amp; billing
        </h2>
        <p className="mt-2 text-slate-600">
          Your plan, and Premium: unlimited messages for $9/month (CAD). Cards, invoices and cancelling are at Stripe.
        </p>
        <Link to={paths.billing} className={`${buttonStyles.secondary} mt-4`}>
          Plan &amp; billing
        </Link>
        <Link to={paths.support} className={`${buttonStyles.secondary} mt-4 ml-3`}>
          Contact support
        </Link>
      </section>
      <section aria-labelledby="files-heading" className={card}>
        <h2 id="files-heading" className="text-lg font-semibold text-slate-900">
          History from files
        </h2>
        <p className="mt-2 text-slate-600">
          Bring in past activities from GPX, FIT and TCX files or a whole Strava, Garmin or Apple Health export. Files
          are read on this device; only summaries are sent.
        </p>
        <Link to={paths.fileImports} className={`${buttonStyles.secondary} mt-4`}>
          Import from files
        </Link>
      </section>
      <EmailSettingsSection />
      <PushSettingsSection />
      <ChangeEmailSection />
      <ChangePasswordSection />
      <DownloadDataSection />
      <DeleteAccountSection />
    </PageContainer>
  );
}
