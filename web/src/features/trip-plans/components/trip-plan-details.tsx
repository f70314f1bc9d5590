import { TRIP_ESSENTIAL_LABELS, TRIP_ESSENTIALS, type SharedTripPlan } from '@shared/schemas/trip-plans';
import { describeCheckIn, formatGrace, formatTripTime, tripStatus, type TripStatus } from '../utils/format';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** What a trip plan says: shown to the party and, read-only, to the emergency contacts. */
export function TripPlanDetails({ plan }: { plan: SharedTripPlan }) {
  const carried = new Set(plan.essentials);
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Trailhead">{plan.trailhead}</Row>
      <Row label="Area">{plan.area}</Row>
      <Row label="Route">
        <span className="whitespace-pre-line">{plan.route}</span>
      </Row>
      <Row label="Start">{formatTripTime(plan.startDate, plan.startTime)}</Row>
      <Row label="Expected return">
        {formatTripTime(plan.returnDate, plan.returnTime)} (Pacific time)
        {plan.lateReason !== null && (
          <span className="block text-amber-800">
            Running late{plan.returnMoves > 1 ? ` (moved ${plan.returnMoves} times)` : ''}: {plan.lateReason}
          </span>
        )}
      </Row>
      <Row label="Grace period">{formatGrace(plan.graceMinutes)}</Row>
      <Row label="Party">{plan.party.join(', ')}</Row>
      {plan.vehicle && <Row label="Vehicle">{plan.vehicle}</Row>}
      <Row label="Essentials">
        <ul className="grid gap-1 sm:grid-cols-2">
          {TRIP_ESSENTIALS.map((item) => (
            <li key={item} className={carried.has(item) ? 'text-slate-900' : 'text-slate-400 line-through'}>
              <span className="sr-only">{carried.has(item) ? 'Carried: ' : 'Not carried: '}</span>
              {TRIP_ESSENTIAL_LABELS[item]}
            </li>
          ))}
        </ul>
      </Row>
      <Row label="Last check-in">{describeCheckIn(plan.lastCheckIn, plan.timeZone)}</Row>
    </dl>
  );
}

const STATUS_BADGES: Record<TripStatus, readonly [string, string]> = {
  back: ['Back safely', 'bg-brand-50 text-brand-800 border-brand-200'],
  overdue: ['Overdue', 'bg-red-50 text-red-800 border-red-200'],
  planned: ['Not started yet', 'bg-slate-50 text-slate-700 border-slate-200'],
  out: ['Out on the trail', 'bg-accent-50 text-accent-800 border-accent-100'],
};

export function TripStatusBadge({
  plan,
  now = new Date(),
}: {
  plan: Pick<SharedTripPlan, 'status' | 'overdueAlertsSent' | 'startDate' | 'startTime' | 'timeZone'>;
  now?: Date;
}) {
  const [text, tone] = STATUS_BADGES[tripStatus(plan, now)];
  return <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>;
}
