import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { ReportDialog, type ReportTarget } from '@/components/ui/report-dialog';
import { useApiClient } from '@/lib/api-client-context';

/** A small "Report" button that opens the report dialog: one insertion per screen. */
export function ReportButton({
  target,
  label = 'Report',
  ariaLabel,
  className = buttonStyles.ghost,
}: {
  target: ReportTarget;
  label?: string;
  ariaLabel?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={className}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
      >
        {label}
      </button>
      {open && <ApiReportDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The report dialog filing through the API client (read only once the dialog opens, as the dialog needs it). */
function ApiReportDialog({ target, onClose }: { target: ReportTarget; onClose(): void }) {
  const api = useApiClient();
  return <ReportDialog target={target} send={(request) => api.report(request)} onClose={onClose} />;
}
