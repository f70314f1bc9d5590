import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PLAN_TIME_ZONE, type GroupActivityDetails, type GroupActivityInput } from '@shared/schemas/group-activities';
import { paths } from '@/lib/paths';
import { useToast } from '@/components/toast';
import { AddToCalendarButton } from '@/components/ui/add-to-calendar-button';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { ReportButton } from '@/components/reports/report-button';
import { PageSpinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { ActivityForm } from '../components/activity-form';
import { ParticipantList } from '../components/participant-list';
import { RidesSection } from '../components/rides-section';
import { StatusBadge } from '../components/status-badge';
import { activityCalendarEvent, activityShareUrl, directionsUrl } from '../utils/links';
import { areaName, canJoin, capitalize, formatDate, formatDuration, formatTime } from '../utils/format';

/** /plan-activity/:activityId — details, participants, Join/Leave, the organizer's Edit/Cancel, and rides. */
export default function ActivityDetailsPage() {
  const { activityId = '' } = useParams();
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.groupActivities.one(activityId), () => api.groupActivity(activityId));

  if (loaded.status === 'loading') return <PageSpinner label="Loading the activity" />;
  if (loaded.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Activity" />
        <LoadError error={loaded.error} onRetry={loaded.reload}>
          <Link to={paths.planActivity} className={buttonStyles.secondary}>
            Back to Plan Activity
          </Link>
        </LoadError>
      </PageContainer>
    );
  }
  return <Details activity={loaded.data} onChange={loaded.set} />;
}

function Details({
  activity,
  onChange,
}: {
  activity: GroupActivityDetails;
  onChange: (activity: GroupActivityDetails) => void;
}) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pending, setPending] = useState<string | null>(null);

  const act = async (label: string, work: () => Promise<GroupActivityDetails>, success: string) => {
    setPending(label);
    try {
      onChange(await work());
      // Joining, leaving and cancelling change who has rides and which activities the other lists show.
      void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
      toast.success(success);
    } catch (error) {
      toast.error(userMessage(error));
    } finally {
      setPending(null);
    }
  };

  const share = async () => {
    try {
      await navigator.clipboard.writeText(activityShareUrl(window.location.origin, activity.id));
      toast.success('Link copied. Members who open it see this activity.');
    } catch {
      toast.error('Copying was not allowed here. Copy the address from the address bar instead.');
    }
  };

  const save = async (input: GroupActivityInput) => {
    onChange(await api.updateGroupActivity(activity.id, input));
    setEditing(false);
    toast.success('Activity updated. Participants have been told.');
  };

  const { viewer } = activity;
  return (
    <PageContainer>
      <DemoBanner />
      <Link to={paths.planActivity} className="text-sm font-medium text-brand-800 underline">
        ← Plan Activity
      </Link>
      <PageHeader
        title={activity.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge activity={activity} />
            <span>
              {capitalize(activity.activityType)} · {formatDate(activity.date)} at {formatTime(activity.time)} ·{' '}
              {activity.location}
            </span>
          </span>
        }
        actions={
          !activity.cancelledAt && (
            <>
              {canJoin(activity) && (
                <button
                  type="button"
                  disabled={pending !== null}
                  onClick={() => act('join', () => api.joinGroupActivity(activity.id), `You joined ${activity.title}!`)}
                  className={buttonStyles.primary}
                >
                  {pending === 'join' ? 'Joining...' : 'Join Activity'}
                </button>
              )}
              {viewer.isParticipant && !viewer.isOrganizer && (
                <button
                  type="button"
                  disabled={pending !== null}
                  onClick={() => act('leave', () => api.leaveGroupActivity(activity.id), `You left ${activity.title}.`)}
                  className={buttonStyles.secondary}
                >
                  {pending === 'leave' ? 'Leaving...' : 'Leave Activity'}
                </button>
              )}
              {viewer.isParticipant && (
                <Link
                  to={`${paths.newTripPlan}?activity=${encodeURIComponent(activity.id)}`}
                  className={buttonStyles.accent}
                >
                  File a trip plan
                </Link>
              )}
              {viewer.isOrganizer && !editing && (
                <button type="button" onClick={() => setEditing(true)} className={buttonStyles.secondary}>
                  Edit Activity
                </button>
              )}
              {viewer.isOrganizer && !confirmCancel && (
                <button type="button" onClick={() => setConfirmCancel(true)} className={buttonStyles.secondary}>
                  Cancel Activity
                </button>
              )}
              {!viewer.isOrganizer && (
                <ReportButton
                  target={{ kind: 'group_activity', activityId: activity.id }}
                  ariaLabel={`Report ${activity.title}`}
                  className={buttonStyles.ghost}
                />
              )}
            </>
          )
        }
      />
      {activity.cancelledAt && (
        <FormMessage kind="error">{`This activity was cancelled by the organizer on ${cancelledOn(activity.cancelledAt)}.`}</FormMessage>
      )}
      {confirmCancel && !activity.cancelledAt && (
        <div
          role="group"
          aria-label="Confirm cancelling"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <span>Cancel {activity.title} for everyone? Participants will be told.</span>
          <button
            type="button"
            disabled={pending !== null}
            onClick={() =>
              act(
                'cancel',
                () => api.cancelGroupActivity(activity.id),
                'Activity cancelled. Participants have been told.',
              ).then(() => setConfirmCancel(false))
            }
            className={buttonStyles.primary}
          >
            {pending === 'cancel' ? 'Cancelling...' : 'Yes, Cancel It'}
          </button>
          <button type="button" onClick={() => setConfirmCancel(false)} className={buttonStyles.secondary}>
            Keep It
          </button>
        </div>
      )}
      {editing && (
        <section aria-labelledby="edit-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="edit-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Edit Activity
          </h2>
          <ActivityForm
            initial={toInput(activity)}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            onSubmit={save}
            onCancel={() => setEditing(false)}
          />
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="about-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
        >
          <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
            About
          </h2>
          {activity.description && <p className="mt-2 whitespace-pre-line text-slate-700">{activity.description}</p>}
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <Fact label="Duration" value={formatDuration(activity.duration)} />
            <Fact label="Difficulty" value={capitalize(activity.difficulty)} />
            <Fact label="Area" value={areaName(activity.area ?? 'elsewhere')} />
            <Fact label="Organizer" value={viewer.isOrganizer ? 'You' : activity.organizerName} />
            {activity.equipment && <Fact label="Equipment" value={activity.equipment} />}
            {activity.notes && <Fact label="Notes" value={activity.notes} />}
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={directionsUrl(activity.location)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles.secondary}
            >
              Get directions
              <span className="sr-only"> to {activity.location} (opens Google Maps)</span>
            </a>
            <button type="button" onClick={() => void share()} className={buttonStyles.secondary}>
              Copy link to share
            </button>
            {!activity.cancelledAt && (
              <AddToCalendarButton event={() => activityCalendarEvent(activity, window.location.origin)} />
            )}
          </div>
        </section>
        <ParticipantList activity={activity} onChange={onChange} />
      </div>
      {activity.cancelledAt ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          Rides are closed: this activity was cancelled.
        </p>
      ) : viewer.isParticipant ? (
        <RidesSection activity={activity} />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          Join this activity to see and share rides to it.
        </p>
      )}
    </PageContainer>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function toInput(activity: GroupActivityDetails): GroupActivityInput {
  const {
    activityType,
    title,
    description,
    date,
    time,
    location,
    area,
    duration,
    difficulty,
    maxParticipants,
    equipment,
    notes,
  } = activity;
  return {
    activityType,
    title,
    description,
    date,
    time,
    location,
    area,
    duration,
    difficulty,
    maxParticipants,
    equipment,
    notes,
  } as GroupActivityInput;
}

/** When the organizer cancelled, as a date at the meeting place (an instant, so shown in the activity's zone, not the browser's). */
function cancelledOn(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: PLAN_TIME_ZONE,
  }).format(new Date(instant));
}
