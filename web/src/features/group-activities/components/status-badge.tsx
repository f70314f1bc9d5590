import { statusLabel, type GroupActivitySummary } from '@shared/schemas/group-activities';

/** Spec §4 colours: confirmed green, open blue, almost full yellow; a cancelled activity says so instead. */
const STATUS_STYLES: Record<GroupActivitySummary['status'], string> = {
  confirmed: 'bg-green-100 text-green-800',
  open: 'bg-blue-100 text-blue-800',
  almost_full: 'bg-yellow-100 text-yellow-800',
};

export function StatusBadge({ activity }: { activity: Pick<GroupActivitySummary, 'status' | 'cancelledAt'> }) {
  if (activity.cancelledAt)
    return <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Cancelled</span>;
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[activity.status]}`}>
      {statusLabel(activity.status)}
    </span>
  );
}
