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
  const section = (await screen.findByRole('heading', { name: 'Change email' })).closest('section')!;
  return { section, service, user: userEvent.setup() };
}

describe('Change email', () => {
  it('sends a code to the new address, then confirms the change with it', async () => {
    const { section, service, user } = await renderProfile();
    expect(section).toHaveTextContent(`You sign in with ${SIGNED_IN_USER.email}.`);
    await user.type(within(section).getByLabelText('New email'), 'new.address@example.com');
    await user.click(within(section).getByRole('button', { name: 'Send Code' }));
    expect(service.updateEmail).toHaveBeenCalledWith('new.address@example.com');
    expect(
      await within(section).findByText(
        'We sent a code to new.address@example.com. Enter it below to confirm the change.',
      ),
    ).toBeInTheDocument();

    await user.type(within(section).getByLabelText('Code'), ' 123456 ');
    await user.click(within(section).getByRole('button', { name: 'Confirm Email' }));
    expect(service.confirmEmail).toHaveBeenCalledWith('123456');
    expect(await within(section).findByText('Your email is now new.address@example.com.')).toBeInTheDocument();
    expect(within(section).getByLabelText('New email')).toHaveValue('');
  });

  it('says plainly when the code is wrong and keeps the code step', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    service.confirmEmail.mockRejectedValue(
      Object.assign(new Error('Invalid verification code provided'), { name: 'CodeMismatchException' }),
    );
    const { section, user } = await renderProfile(service);
    await user.type(within(section).getByLabelText('New email'), 'new.address@example.com');
    await user.click(within(section).getByRole('button', { name: 'Send Code' }));
    await user.type(await within(section).findByLabelText('Code'), '000000');
    await user.click(within(section).getByRole('button', { name: 'Confirm Email' }));
    expect(
      await within(section).findByText('That code is not right. Check the email and try again.'),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('Code')).toBeInTheDocument();
  });

  it('does not ask Cognito to change to the address already in use', async () => {
    const { section, service, user } = await renderProfile();
    await user.type(within(section).getByLabelText('New email'), SIGNED_IN_USER.email.toUpperCase());
    await user.click(within(section).getByRole('button', { name: 'Send Code' }));
    expect(within(section).getByText('That is already your email.')).toBeInTheDocument();
    expect(service.updateEmail).not.toHaveBeenCalled();
  });
});
