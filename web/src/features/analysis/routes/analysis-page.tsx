import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';

export default function AnalysisPage() {
  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader title="Health & Activity Analysis" description="Your trends, active days and activity level, from the fitness apps you connect." />
      <section aria-labelledby="connect-health-apps" className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 id="connect-health-apps" className="text-xl font-semibold text-slate-900">
          Connect Your Health Apps
        </h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600">
          No health providers connected yet. Connect Strava or another fitness app to see your analysis here.
        </p>
        <Link to={paths.profile} className={`${buttonStyles.primary} mt-6`}>
          Go to Profile
        </Link>
      </section>
    </PageContainer>
  );
}
