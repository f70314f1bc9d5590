import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { SupportForm } from '../components/support-form';
import { useIsPremium } from '../hooks/use-support-plan';

/** Contact support: the form, and for Premium members the promise that their requests come first. */
export function SupportScreen() {
  const premium = useIsPremium();
  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader title="Contact support" />
      <section aria-labelledby="support-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="support-heading" className="text-lg font-semibold text-slate-900">
          How can we help?
        </h2>
        {premium && (
          <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            Priority support: we answer Premium requests first.
          </p>
        )}
        <div className="mt-4">
          <SupportForm />
        </div>
      </section>
    </PageContainer>
  );
}

export default function SupportPage() {
  return <SupportScreen />;
}
