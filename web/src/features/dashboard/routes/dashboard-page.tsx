import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { FeatureTiles } from '../components/feature-tiles';
import { greetingName } from '../utils/greeting-name';

export default function DashboardPage() {
  const { user } = useAuth();
  // Protected route: a user (or the demo user) is always present here.
  const name = user ? greetingName({ userName: user.name, email: user.email }) : '';

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title={`Welcome, ${name}!`}
        description="Find partners who match your pace, plan your next outing and keep an eye on your progress."
        actions={
          <>
            <Link to={paths.findPartners} className={buttonStyles.primary}>
              Find Partners
            </Link>
            <Link to={paths.analysis} className={buttonStyles.secondary}>
              Health Analysis
            </Link>
            <Link to={paths.planActivity} className={buttonStyles.secondary}>
              Plan Activity
            </Link>
          </>
        }
      />
      <FeatureTiles />
      <section aria-labelledby="connect-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
        <h2 id="connect-heading" className="text-lg font-semibold text-brand-900">
          Bring in your workouts
        </h2>
        <p className="mt-1 text-sm text-brand-900">
          Connect Strava or another fitness app so TrailBuddy can learn your level and suggest partners who fit.
        </p>
        <Link to={paths.profile} className={`${buttonStyles.primary} mt-4`}>
          Manage connections
        </Link>
      </section>
    </PageContainer>
  );
}
