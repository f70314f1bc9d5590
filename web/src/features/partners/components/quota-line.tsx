import { Link } from 'react-router-dom';
import { MESSAGE_QUOTA_EXCEEDED_MESSAGE, type MessageQuota } from '@shared/schemas/messages';
import { paths } from '@/lib/paths';

/** What is left of the month's free messages; used up, the way to Premium. Premium: no limit to count down. */
export function QuotaLine({ quota }: { quota: MessageQuota }) {
  if (quota.unlimited) return <p className="text-sm text-slate-600">Premium: unlimited messages.</p>;
  if (quota.remaining === 0) {
    return (
      <p role="status" className="rounded-lg border border-accent-100 bg-accent-50 px-3 py-2 text-sm text-accent-800">
        {MESSAGE_QUOTA_EXCEEDED_MESSAGE}{' '}
        <Link to={paths.billing} className="font-medium underline">
          Upgrade to Premium
        </Link>
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600">
      {quota.remaining} of {quota.limit} free messages left this month.
    </p>
  );
}
