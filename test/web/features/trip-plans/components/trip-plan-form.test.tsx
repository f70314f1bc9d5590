import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { planDateOf } from '@shared/schemas/group-activities-plain';
import { TRIP_FIELD_MESSAGES } from '@shared/schemas/trip-plans';
import { TripPlanForm } from '@/features/trip-plans/components/trip-plan-form';
import { ApiError } from '@/lib/api-client';

const change = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const daysFromToday = (days: number) => planDateOf(new Date(Date.now() + days * 86_400_000));
const TRIP_DAY = daysFromToday(7);

function fillValidPlan() {
  change('Trailhead', 'Lynn Headwaters');
  change('Area', 'North Vancouver');
  change('Route description', 'Lynn Loop to Norvan Falls.');
  change('Start date', TRIP_DAY);
  change('Start time', '08:00');
  change('Expected return date', TRIP_DAY);
  change('Expected return time', '17:30');
  change('Contact 1 name', 'Sam Rivera');
  change('Contact 1 email', 'Sam@Example.com');
}

describe('TripPlanForm', () => {
  it('shows each missing field and files nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TripPlanForm activityId={null} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the highlighted fields.');
    expect(screen.getByLabelText('Trailhead')).toHaveAccessibleDescription(TRIP_FIELD_MESSAGES.trailhead);
    expect(screen.getByLabelText('Start date')).toHaveAccessibleDescription(TRIP_FIELD_MESSAGES.date);
    expect(screen.getByLabelText('Contact 1 name')).toHaveAccessibleDescription(TRIP_FIELD_MESSAGES.contactName);
    expect(screen.getByLabelText('Contact 1 email')).toHaveAccessibleDescription(TRIP_FIELD_MESSAGES.contactEmail);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a return before the start', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TripPlanForm activityId={null} onSubmit={onSubmit} />);
    fillValidPlan();
    change('Expected return time', '07:00');
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));

    expect(await screen.findByText(TRIP_FIELD_MESSAGES.returnOrder)).toBeInTheDocument();
    expect(screen.getByLabelText('Expected return time')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('files a valid plan for the activity, with the essentials and every contact', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TripPlanForm activityId="act-1" onSubmit={onSubmit} />);
    fillValidPlan();
    await userEvent.selectOptions(screen.getByLabelText('Grace period'), '2 hours');
    const essentials = screen.getByRole('group', { name: 'The ten essentials you carry' });
    await userEvent.click(within(essentials).getByRole('checkbox', { name: 'First aid kit' }));
    await userEvent.click(within(essentials).getByRole('checkbox', { name: 'Flashlight and extra batteries' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add another contact' }));
    change('Contact 2 name', 'Priya');
    change('Contact 2 email', 'priya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        activityId: 'act-1',
        trailhead: 'Lynn Headwaters',
        returnTime: '17:30',
        graceMinutes: 120,
        // In the list's order, not the order they were ticked.
        essentials: ['flashlight', 'first_aid_kit'],
        contacts: [
          { name: 'Sam Rivera', email: 'sam@example.com' },
          { name: 'Priya', email: 'priya@example.com' },
        ],
      }),
    );
  });

  it('shows what the server refused, next to the field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'validation_failed', 'The expected return must be later than now.', {
        returnTime: 'The expected return must be later than now.',
      });
    });
    render(<TripPlanForm activityId={null} onSubmit={onSubmit} />);
    fillValidPlan();
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The expected return must be later than now.');
    expect(screen.getByLabelText('Expected return time')).toHaveAccessibleDescription(
      'The expected return must be later than now.',
    );
  });

  it('refuses, as the server does, a start too far ahead and a trip longer than the limit', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TripPlanForm activityId={null} onSubmit={onSubmit} />);
    fillValidPlan();
    change('Start date', daysFromToday(400));
    change('Expected return date', daysFromToday(400));
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the highlighted fields.');
    expect(screen.getByLabelText('Start date')).toHaveAccessibleDescription(TRIP_FIELD_MESSAGES.startTooFar);

    change('Start date', TRIP_DAY);
    change('Expected return date', '9999-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Expected return date')).toHaveAccessibleDescription(
        TRIP_FIELD_MESSAGES.tripTooLong,
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows beside the contact that they opted out, and a daily limit as the server words it', async () => {
    const optedOut = 'This person has asked not to get trip plans from you. Choose another contact.';
    const onSubmit = vi
      .fn(async () => {})
      .mockRejectedValueOnce(new ApiError(409, 'contact_opted_out', optedOut, { 'contacts.0.email': optedOut }))
      .mockRejectedValueOnce(
        new ApiError(429, 'trip_plan_limit', 'You can file up to 5 trip plans a day. Please try again tomorrow.'),
      );
    render(<TripPlanForm activityId={null} onSubmit={onSubmit} />);
    fillValidPlan();
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(optedOut);
    expect(screen.getByLabelText('Contact 1 email')).toHaveAccessibleDescription(optedOut);

    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'You can file up to 5 trip plans a day. Please try again tomorrow.',
      ),
    );
  });
});
