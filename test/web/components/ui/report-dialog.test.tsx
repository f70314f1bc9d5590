import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_NEXT_STEPS } from '@shared/schemas/reports';
import { ReportButton } from '@/components/reports/report-button';
import { REPORT_RATE_LIMITED_MESSAGE } from '@/components/ui/report-dialog';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

function renderButton(report: ApiClient['report']) {
  const apiClient = createFakeApiClient({ report });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ReportButton
            target={{ kind: 'message', userId: 'user-c', messageId: 'msg-1' }}
            ariaLabel="Report this message from Casey"
          />
        ),
      },
    ],
    {
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient,
    },
  );
  return userEvent.setup();
}

describe('the report dialog', () => {
  it('sends the reason and note for the target, then tells the reporter what happens next', async () => {
    const report = vi.fn(async () => ({ reportId: 'r1', status: 'received' as const, nextSteps: REPORT_NEXT_STEPS }));
    const user = renderButton(report);
    await user.click(await screen.findByRole('button', { name: 'Report this message from Casey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.selectOptions(screen.getByLabelText('Reason'), 'harassment');
    await user.type(screen.getByLabelText('Note (optional)'), '  Keeps insulting me  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(report).toHaveBeenCalledWith({
      kind: 'message',
      userId: 'user-c',
      messageId: 'msg-1',
      reason: 'harassment',
      note: 'Keeps insulting me',
    });
    expect(await screen.findByRole('dialog', { name: 'Report sent' })).toHaveTextContent(REPORT_NEXT_STEPS);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this message from Casey' })).toHaveFocus();
  });

  it('asks for a reason before sending anything', async () => {
    const report = vi.fn();
    const user = renderButton(report);
    await user.click(await screen.findByRole('button', { name: 'Report this message from Casey' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(report).not.toHaveBeenCalled();
  });

  it('says clearly when the hourly limit is reached (429) and stays open', async () => {
    const report = vi.fn(async () => Promise.reject(new ApiError(429, 'rate_limited', 'Too many requests.')));
    const user = renderButton(report);
    await user.click(await screen.findByRole('button', { name: 'Report this message from Casey' }));
    await user.selectOptions(screen.getByLabelText('Reason'), 'spam');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_RATE_LIMITED_MESSAGE);
    expect(screen.getByRole('dialog', { name: 'Report this message' })).toBeInTheDocument();
  });

  it('keeps focus inside while open and closes on Escape', async () => {
    const user = renderButton(vi.fn());
    await user.click(await screen.findByRole('button', { name: 'Report this message from Casey' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
