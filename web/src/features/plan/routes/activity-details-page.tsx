import { PageContainer, PageHeader } from '@/components/ui/page-header';

// Placeholder until issue 6's screen lands.
export default function ActivityDetailsPage() {
  return (
    <PageContainer>
      <PageHeader title="Activity details" description="" />
    </PageContainer>
  );
}
