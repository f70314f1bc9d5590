import { PageContainer, PageHeader } from '@/components/ui/page-header';

// Placeholder until issue 6's screen lands.
export default function NotificationsPage() {
  return (
    <PageContainer>
      <PageHeader title="Notifications" description="" />
    </PageContainer>
  );
}
