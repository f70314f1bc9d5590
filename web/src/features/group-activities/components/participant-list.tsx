import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GroupActivityDetails, GroupActivityParticipant } from '@shared/schemas/group-activities';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { capitalize, othersNotNamed } from '../utils/format';

/**
 * Who takes part. The organizer gets a Remove action next to each participant (asked first): their seat and
 * ride bookings go, and they cannot join again (as on Meetup).
 */
export function ParticipantList({
  activity,
  onChange,
}: {
  activity: GroupActivityDetails;
  onChange: (activity: GroupActivityDetails) => void;
}) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<GroupActivityParticipant | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const canRemove = (person: GroupActivityParticipant) =>
    activity.viewer.isOrganizer &&
    !activity.cancelledAt &&
    !person.isOrganizer &&
    !person.isYou &&
    person.userId !== undefined;

  const remove = async (person: GroupActivityParticipant) => {
    setAsking(null);
    setRemoving(person.userId ?? null);
    try {
      onChange(await api.removeParticipant(activity.id, person.userId!));
      // Their seats, offers and request went with them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
      toast.success(`${person.displayName} was removed from ${activity.title}.`);
    } catch (error) {
      toast.error(userMessage(error));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section
      aria-labelledby="participants-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="participants-heading" className="text-lg font-semibold text-slate-900">
        Participants ({activity.participantCount}/{activity.maxParticipants})
      </h2>
      <ul className="mt-3 space-y-2">
        {activity.participants.map((person, index) => (
          <li key={`${person.joinedAt}-${index}`} className="flex min-h-9 items-center justify-between gap-2 text-sm">
            <span className="min-w-0 wrap-anywhere text-slate-900">
              {person.displayName}
              {person.isYou && ' (you)'}
            </span>
            {person.isOrganizer && (
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">Organizer</span>
            )}
            {canRemove(person) && (
              <button
                type="button"
                disabled={removing !== null}
                onClick={() => setAsking(person)}
                aria-label={`Remove ${person.displayName}`}
                className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {removing === person.userId ? 'Removing...' : 'Remove'}
              </button>
            )}
          </li>
        ))}
        {activity.participantsNotShown > 0 && (
          <li className="flex min-h-9 items-center text-sm text-slate-600">
            {capitalize(othersNotNamed(activity.participantsNotShown))}
          </li>
        )}
      </ul>
      {asking && (
        <ConfirmDialog
          title={`Remove ${asking.displayName}?`}
          message={`${asking.displayName} will lose their place in ${activity.title}, with any ride seats they booked for it, and cannot join it again. They will be told they were removed.`}
          confirmLabel="Remove"
          onConfirm={() => void remove(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
