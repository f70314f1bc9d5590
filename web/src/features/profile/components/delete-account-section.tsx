import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';
import { dangerButton, DeleteAccountDialog } from './delete-account-dialog';

/**
 * 'Delete my account and data': the API deletes everything the user owns, deauthorizes their providers and
 * deletes their Cognito user; the browser then ends the session and the user lands on the home page.
 */
export function DeleteAccountSection() {
  const client = useApiClient();
  const { deleteUser } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    await client.deleteAccount();
    // The API deleted the Cognito user too; this ends the session here (it never fails).
    await deleteUser();
    toast.success(client.traits.accountDeletedMessage);
    navigate(paths.home, { replace: true });
  };

  return (
    <section aria-labelledby="danger-zone-heading" className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 id="danger-zone-heading" className="text-lg font-semibold text-red-800">
        Danger Zone
      </h2>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-slate-700">
          Delete your account and everything TrailBuddy keeps about you: profile, connections, activities, metrics,
          partner listing and plans. Strava and Google are told to revoke TrailBuddy’s access. Our terms promise this
          within 48 hours; it happens at once.
        </p>
        <button type="button" onClick={() => setOpen(true)} className={`${dangerButton} shrink-0`}>
          Delete my account and data
        </button>
      </div>
      {open && <DeleteAccountDialog onConfirm={confirm} onCancel={() => setOpen(false)} />}
    </section>
  );
}
