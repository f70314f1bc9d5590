import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_REASON_LABELS, type ModerationReport } from '@shared/schemas/reports';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/toast';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

type Action = 'dismiss' | 'hide' | 'suspend';

const KIND_LABELS: Record<ModerationReport['kind'], string> = {
  person: 'Person',
  message: 'Message',
  group_activity: 'Group activity',
  ride: 'Ride offer',
  ride_request: 'Ride request',
};

const STATUS_LABELS: Record<ModerationReport['status'], string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  hidden: 'Content hidden',
  suspended: 'Account suspended',
};

const ACTIONS: Record<
  Action,
  { label: string; title: string; message: (report: ModerationReport) => string; confirm: string; done: string }
> = {
  dismiss: {
    label: 'Dismiss',
    title: 'Dismiss this report?',
    message: () => 'The reports on this content are closed and anything they hid becomes visible again.',
    confirm: 'Dismiss',
    done: 'Report dismissed.',
  },
  hide: {
    label: 'Hide content',
    title: 'Hide this content?',
    message: (report) =>
      `Other people will no longer see this ${KIND_LABELS[report.kind].toLowerCase()} from ${report.subjectName}.`,
    confirm: 'Hide content',
    done: 'Content hidden.',
  },
  suspend: {
    label: 'Suspend account',
    title: 'Suspend this account?',
    message: (report) => `${report.subjectName} will no longer be able to sign in, and others will stop seeing them.`,
    confirm: 'Suspend account',
    done: 'Account suspended.',
  },
};

const timeFormat = new Intl.DateTimeFormat('en-CA', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * /moderation: the moderators' queue, one row per reported content item (its reports counted, reasons and notes), with
 * Dismiss / Hide content / Suspend account applying to the item. The server checks the group.
 */
export default function ModerationPage() {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const queue = useServerQuery(queryKeys.moderationReports, () => api.moderationReports());
  const [pending, setPending] = useState<{ report: ModerationReport; action: Action } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async () => {
    if (!pending) return;
    const { report, action } = pending;
    setPending(null);
    setBusy(true);
    try {
      await api.moderationAction(report.reportId, action);
      toast.success(ACTIONS[action].done);
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderationReports });
    } catch (error) {
      toast.error(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title="Moderation"
        description="What people have reported. Hiding content or suspending an account takes effect at once."
      />
      {queue.status === 'loading' && <Spinner label="Loading reports" />}
      {queue.status === 'error' &&
        (queue.error instanceof ApiError && queue.error.status === 403 ? (
          <p role="alert" className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-700">
            Moderation is not available for your account. Only TrailBuddy moderators can review reports.
          </p>
        ) : (
          <div className="space-y-3">
            <FormMessage kind="error">{userMessage(queue.error)}</FormMessage>
            <button type="button" className={buttonStyles.secondary} onClick={queue.reload}>
              Try Again
            </button>
          </div>
        ))}
      {queue.status === 'success' &&
        (queue.data.reports.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No open reports
          </p>
        ) : (
          <ul aria-label="Reports" className="space-y-4">
            {queue.data.reports.map((report) => (
              <ReportItem
                key={report.reportId}
                report={report}
                busy={busy}
                onAction={(action) => setPending({ report, action })}
              />
            ))}
          </ul>
        ))}
      {pending && (
        <ConfirmDialog
          title={ACTIONS[pending.action].title}
          message={ACTIONS[pending.action].message(pending.report)}
          confirmLabel={ACTIONS[pending.action].confirm}
          onConfirm={act}
          onCancel={() => setPending(null)}
        />
      )}
    </PageContainer>
  );
}

function ReportItem({
  report,
  busy,
  onAction,
}: {
  report: ModerationReport;
  busy: boolean;
  onAction: (action: Action) => void;
}) {
  const open = report.status === 'open';
  return (
    <li
      aria-label={`${KIND_LABELS[report.kind]} report about ${report.subjectName}`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
          {KIND_LABELS[report.kind]}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 font-medium ${open ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}
        >
          {STATUS_LABELS[report.status]}
        </span>
        {report.contentHidden && (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 font-medium text-red-800">Hidden from others</span>
        )}
        {report.subjectSuspended && (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 font-medium text-red-800">Suspended</span>
        )}
        <time dateTime={report.createdAt} className="text-slate-600">
          {timeFormat.format(new Date(report.createdAt))}
        </time>
      </div>
      <h2 className="mt-3 text-lg font-semibold break-words text-slate-900">{report.subjectName}</h2>
      <p className="text-xs break-all text-slate-600">Account ID: {report.subjectUserId}</p>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">Reports</dt>
        <dd className="text-slate-900">
          {report.reportCount === 1 ? '1 report' : `${report.reportCount} reports`} from{' '}
          {report.openReporters === 1 ? '1 person' : `${report.openReporters} people`}
        </dd>
        <dt className="font-medium text-slate-700">{report.reasons.length === 1 ? 'Reason' : 'Reasons'}</dt>
        <dd className="text-slate-900">
          {report.reasons
            .map(({ reason, count }) =>
              count > 1 ? `${REPORT_REASON_LABELS[reason]} (${count})` : REPORT_REASON_LABELS[reason],
            )
            .join(', ')}
        </dd>
        <dt className="font-medium text-slate-700">{report.notes.length > 1 ? 'Notes' : 'Note'}</dt>
        <dd className="break-words whitespace-pre-wrap text-slate-900">
          {report.notes.length === 0 ? (
            'No note'
          ) : report.notes.length === 1 ? (
            report.notes[0]
          ) : (
            <ul className="list-disc space-y-1 pl-5">
              {report.notes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="font-medium text-slate-700">Evidence</dt>
        <dd>
          <blockquote className="rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-800">
            {report.evidence || 'No text was captured.'}
          </blockquote>
        </dd>
      </dl>
      {open && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {(Object.keys(ACTIONS) as Action[]).map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              onClick={() => onAction(action)}
              className={action === 'dismiss' ? buttonStyles.secondary : buttonStyles.accent}
              aria-label={`${ACTIONS[action].label}: ${report.subjectName}`}
            >
              {ACTIONS[action].label}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
