import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '@/features/profile/routes/profile-page';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { profileResponse } from '../profile-fixtures';

vi.mock('@/features/connections/components/health-connections', () => ({ ProviderIntegrations: () => null }));

async function renderProfile(service = createFakeAuthService(SIGNED_IN_USER)) {
  const apiClient = createFakeApiClient({ profile: vi.fn(async () => profileResponse()) });
  renderRoutes([{ path: '/profile', element: <ProfilePage /> }], { path: '/profile', service, apiClient });
  const section = (await screen.findByRole('heading', { name: 'Change password' })).closest('section')!;
  const user = userEvent.setup();
  const fill = async (current: string, next: string, confirm = next) => {
    await user.type(within(section).getByLabelText('Current password'), current);
    await user.type(within(section).getByLabelText('New password'), next);
    await user.type(within(section).getByLabelText('Confirm new password'), confirm);
    await user.click(within(section).getByRole('button', { name: 'Change Password' }));
  };
  return { section, service, fill };
}

describe('Change password', () => {
  it('changes the password with the current one and confirms it', async () => {
    const { section, service, fill } = await renderProfile();
    await fill('Trail-Buddy-2026', 'New-Trail-2027');
    expect(await within(section).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(service.updatePassword).toHaveBeenCalledWith('Trail-Buddy-2026', 'New-Trail-2027');
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
  });

  it("checks the pool's rules and the confirmation before sending anything", async () => {
    const { section, service, fill } = await renderProfile();
    await fill('Trail-Buddy-2026', 'abc');
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Choose a password that meets every requirement listed.',
    );
    expect(service.updatePassword).not.toHaveBeenCalled();
  });

  it('says when the confirmation differs, then clears the message on a change that goes through', async () => {
    const { section, service, fill } = await renderProfile();
    await fill('Trail-Buddy-2026', 'New-Trail-2027', 'New-Trail-2028');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(service.updatePassword).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.clear(within(section).getByLabelText('Confirm new password'));
    await user.type(within(section).getByLabelText('Confirm new password'), 'New-Trail-2027');
    await user.click(within(section).getByRole('button', { name: 'Change Password' }));
    expect(await within(section).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says plainly when the current password is wrong', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    service.updatePassword.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    const { section, fill } = await renderProfile(service);
    await fill('wrong-one', 'New-Trail-2027');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your current password is not right.');
  });
});
