import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { profileResponse } from '../profile-fixtures';

vi.mock('@/features/connections/components/health-connections', () => ({ ProviderIntegrations: () => null }));

const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/', element: <h1>Home stand-in</h1> },
];

const deleted = { deletedAt: '2026-03-01T12:00:00.000Z', removed: { users: 4, connections: 1, activities: 12 } };

async function openDialog(deleteAccount = vi.fn(async () => deleted), service = createFakeAuthService(SIGNED_IN_USER)) {
  const apiClient = createFakeApiClient({ profile: vi.fn(async () => profileResponse()), deleteAccount });
  const { router } = renderRoutes(routes, { path: '/profile', service, apiClient });
  const user = userEvent.setup();
  const trigger = await screen.findByRole('button', { name: 'Delete my account and data' });
  await user.click(trigger);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete your account and data?' });
  return { apiClient, service, router, user, trigger, dialog };
}

describe('Delete my account and data', () => {
  it('opens an alert dialog that explains what goes, with focus in the confirmation field', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('deauthorized at Strava and Google'));
    expect(dialog).toHaveTextContent('It cannot be undone.');
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus();
  });

  it('keeps Delete Forever disabled until DELETE is typed', async () => {
    const { dialog, user, apiClient } = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Forever' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete{Enter}');
    expect(confirm).toBeDisabled();
    expect(apiClient.deleteAccount).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();
  });

  it('closes on Cancel or Escape without deleting, and gives focus back to the button', async () => {
    const { dialog, user, apiClient, trigger } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(apiClient.deleteAccount).not.toHaveBeenCalled();
  });

  it('stays open on a click beside it: only Cancel or Escape dismiss the question', async () => {
    const { dialog, user } = await openDialog();
    await user.click(dialog.parentElement!);
    expect(screen.getByRole('alertdialog', { name: 'Delete your account and data?' })).toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const { dialog, user } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.tab(); // Cancel
    await user.tab(); // Delete Forever
    await user.tab(); // wraps to the field
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete Forever' })).toHaveFocus();
  });

  it('deletes the data through the API, then the sign-in, then goes home with a toast', async () => {
    let finish: () => void = () => {};
    const deleteAccount = vi.fn(() => new Promise<typeof deleted>((resolve) => (finish = () => resolve(deleted))));
    const { dialog, user, service, router } = await openDialog(deleteAccount);
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Forever' }));

    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(service.deleteUser).not.toHaveBeenCalled(); // not before the data is gone

    finish();
    expect(await screen.findByRole('heading', { name: 'Home stand-in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(service.deleteUser).toHaveBeenCalledTimes(1);
    expect(deleteAccount.mock.invocationCallOrder[0]!).toBeLessThan(service.deleteUser.mock.invocationCallOrder[0]!);
    expect(screen.getByText('Your account and data have been deleted.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the sign-in and says nothing was deleted when the API refuses', async () => {
    const { dialog, user, service } = await openDialog(
      vi.fn(async () => {
        throw new ApiError(503, 'unavailable', 'down');
      }),
    );
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Forever' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nothing was deleted: TrailBuddy is having trouble right now.',
    );
    expect(service.deleteUser).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Delete Forever' })).toBeEnabled();
  });

  it('ends the session even when clearing it fails, since the server already deleted the sign-in', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    service.deleteUser.mockRejectedValueOnce(new Error('Network error.'));
    const { dialog, user, apiClient } = await openDialog(undefined, service);
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Forever' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(apiClient.deleteAccount).toHaveBeenCalledTimes(1);
    expect(service.deleteUser).toHaveBeenCalledTimes(1);
  });
});
