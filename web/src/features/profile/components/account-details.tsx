import type { ProfileResponse } from '@shared/schemas/profile';

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long' });

/** Email, user ID, account-created date (spec core-app §2 Profile) and the activity level from the user's metrics. */
export function AccountDetails({ profile }: { profile: ProfileResponse }) {
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <dt className="text-sm text-slate-600">Email</dt>
        <dd className="mt-1 break-all font-medium text-slate-900">{profile.email}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">User ID</dt>
        <dd className="mt-1 break-all font-mono text-sm text-slate-900">{profile.id}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Account created</dt>
        <dd className="mt-1 font-medium text-slate-900">
          <time dateTime={profile.createdAt}>{dateFormat.format(new Date(profile.createdAt))}</time>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Activity level</dt>
        <dd className="mt-1 font-medium text-slate-900">
          {profile.level ?? <span className="font-normal text-slate-600">Sync an activity app to see it</span>}
        </dd>
      </div>
    </dl>
  );
}
