import { PageContainer, PageHeader } from '@/components/ui/page-header';

// Placeholder until issue 6's screen lands.
export default function PartnerProfilePage() {
  return (
    <PageContainer>
      <PageHeader title="Partner profile" description="" />
    </PageContainer>
  );
}
