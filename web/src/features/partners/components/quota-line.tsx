import { Link } from 'react-router-dom';
import { MESSAGE_QUOTA_EXCEEDED_MESSAGE, type MessageQuota } from '@shared/schemas/messages';
import { paths } from '@/lib/paths';

/** What is left of the month's free messages; used up, what Premium changes. */
export function QuotaLine({ quota }: { quota: MessageQuota }) {
  if (quota.remaining === 0) {
    return (
      <p role="status" className="rounded-lg border border-accent-100 bg-accent-50 px-3 py-2 text-sm text-accent-800">
        {MESSAGE_QUOTA_EXCEEDED_MESSAGE}{' '}
        <Link to={{ pathname: paths.home, hash: '#pricing' }} className="font-medium underline">
          What Premium includes
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
