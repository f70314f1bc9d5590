import { PageContainer, PageHeader } from '@/components/ui/page-header';

// Placeholder until issue 6's screen lands.
export default function MessagesPage() {
  return (
    <PageContainer>
      <PageHeader title="Messages" description="" />
    </PageContainer>
  );
}
