import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TRIP_FIELD_MESSAGES } from '@shared/schemas/trip-plans';
import { CheckInPanel } from '@/features/trip-plans/components/check-in-panel';
import { ApiError } from '@/lib/api-client';
import { tripPlan } from '../trip-plan-fixtures';

describe('CheckInPanel', () => {
  it("checks in with one tap on We're back", async () => {
    const onCheckIn = vi.fn(async () => {});
    render(<CheckInPanel plan={tripPlan()} prominent={false} onCheckIn={onCheckIn} />);
    await userEvent.click(screen.getByRole('button', { name: 'We’re back' }));
    expect(onCheckIn).toHaveBeenCalledTimes(1);
    expect(onCheckIn).toHaveBeenCalledWith({ kind: 'back' });
  });

  it('asks "Are you back?" prominently when opened from the email', () => {
    render(<CheckInPanel plan={tripPlan()} prominent onCheckIn={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Are you back? Check in' })).toBeInTheDocument();
  });

  it('moves the return only with a reason', async () => {
    const onCheckIn = vi.fn(async () => {});
    render(<CheckInPanel plan={tripPlan()} prominent={false} onCheckIn={onCheckIn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Running late' }));
    fireEvent.change(screen.getByLabelText('New return time'), { target: { value: '19:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Move expected return' }));
    expect(screen.getByLabelText('Why are you running late?')).toHaveAccessibleDescription(
      `${TRIP_FIELD_MESSAGES.reason} Your emergency contacts are emailed the new time. You can move the return 3 more times.`,
    );
    expect(onCheckIn).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Why are you running late?'), 'Slow descent in the snow');
    await userEvent.click(screen.getByRole('button', { name: 'Move expected return' }));
    await waitFor(() =>
      expect(onCheckIn).toHaveBeenCalledWith({
        kind: 'late',
        returnDate: '2030-07-04',
        returnTime: '19:00',
        reason: 'Slow descent in the snow',
      }),
    );
  });

  it('offers Running late again after a move, saying how many are left, and not after the third', async () => {
    const { rerender } = render(
      <CheckInPanel plan={tripPlan({ lateReason: 'Snow', returnMoves: 2 })} prominent={false} onCheckIn={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Running late' }));
    expect(screen.getByLabelText('Why are you running late?')).toHaveAccessibleDescription(
      'Your emergency contacts are emailed the new time. You can move the return once more.',
    );
    rerender(
      <CheckInPanel plan={tripPlan({ lateReason: 'Snow', returnMoves: 3 })} prominent={false} onCheckIn={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Running late' })).not.toBeInTheDocument();
    expect(screen.getByText(/You moved the expected return 3 times/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'We’re back' })).toBeEnabled();
  });

  it('shows a closed plan without buttons', () => {
    render(<CheckInPanel plan={tripPlan({ status: 'closed' })} prominent onCheckIn={vi.fn()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('this plan is closed');
  });

  it('says why a check-in failed', async () => {
    const onCheckIn = vi.fn(async () => {
      throw new ApiError(409, 'trip_plan_closed', 'This trip plan is already closed.');
    });
    render(<CheckInPanel plan={tripPlan()} prominent={false} onCheckIn={onCheckIn} />);
    await userEvent.click(screen.getByRole('button', { name: 'We’re back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This trip plan is already closed.');
  });
});
