import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_KIND_LABELS, type PushKinds } from '@shared/schemas/push';
import { PUSH_MESSAGES, PushSettingsSection } from '@/features/profile/components/push-settings-section';
import { ApiError } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { createQueryClient } from '@/lib/query-client';
import { createFakeApiClient } from '../../../test-utils';
import {
  AUTH,
  fakeSubscription,
  installFakeBrowserPush,
  IPHONE_SAFARI,
  P256DH,
  serverDeviceIdOf,
  type FakeBrowserOptions,
} from './fake-browser-push';

/** A VAPID public key: an uncompressed P-256 point (65 octets), base64url. */
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

const ONLY_MESSAGES: PushKinds = {
  messages: true,
  connectionRequests: false,
  activityChanges: false,
  reminders: false,
};

let browser: ReturnType<typeof installFakeBrowserPush> | undefined;
afterEach(() => {
  browser?.remove();
  browser = undefined;
  vi.restoreAllMocks();
});

function renderSection(overrides: Parameters<typeof createFakeApiClient>[0] = {}, options?: FakeBrowserOptions) {
  browser = options === undefined ? undefined : installFakeBrowserPush(options);
  const api = createFakeApiClient({
    pushConfig: vi.fn(async () => ({ publicKey: PUBLIC_KEY })),
    pushDevice: vi.fn(async () => null),
    savePushDevice: vi.fn(async ({ endpoint, kinds }) => ({ deviceId: serverDeviceIdOf(endpoint), kinds })),
    removePushDevice: vi.fn(async () => ({ removed: true as const })),
    ...overrides,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <PushSettingsSection />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return api;
}

const checkbox = (kind: keyof PushKinds) => screen.getByRole('checkbox', { name: PUSH_KIND_LABELS[kind] });

describe('PushSettingsSection', () => {
  it('turns push on for the chosen kinds: asks permission, registers the worker, subscribes with the key, saves', async () => {
    const api = renderSection({}, {});
    const turnOn = await screen.findByRole('button', { name: 'Turn on push notifications' });
    expect(screen.getByText('Off for this device.')).toBeInTheDocument();
    // Only the person's click registers the worker or asks for permission.
    expect(browser!.serviceWorker.register).not.toHaveBeenCalled();
    expect(browser!.notification.requestPermission).not.toHaveBeenCalled();

    for (const kind of ['connectionRequests', 'activityChanges', 'reminders'] as const)
      await userEvent.click(checkbox(kind));
    await userEvent.click(turnOn);

    expect(await screen.findByRole('status')).toHaveTextContent(PUSH_MESSAGES.on);
    // The device's state is read again after the save: it may render a moment after the message.
    expect(await screen.findByText('On for this device.')).toBeInTheDocument();
    expect(browser!.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser!.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [{ userVisibleOnly, applicationServerKey }] = browser!.pushManager.subscribe.mock.calls[0]!;
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
    expect(api.savePushDevice).toHaveBeenCalledWith({
      endpoint: browser!.fresh.endpoint,
      keys: { p256dh: P256DH, auth: AUTH },
      kinds: ONLY_MESSAGES,
    });
    expect(screen.getByRole('button', { name: 'Save choices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off on this device' })).toBeInTheDocument();
  });

  it('shows the kinds the server has for this browser, saves a change on the same subscription, and turns off', async () => {
    const existing = fakeSubscription();
    const deviceId = serverDeviceIdOf(existing.endpoint);
    const api = renderSection(
      { pushDevice: vi.fn(async () => ({ deviceId, kinds: ONLY_MESSAGES })) },
      { permission: 'granted', existing },
    );
    expect(await screen.findByText('On for this device.')).toBeInTheDocument();
    // The browser names its device as the server does.
    expect(api.pushDevice).toHaveBeenCalledWith(deviceId);
    expect(checkbox('messages')).toBeChecked();
    expect(checkbox('reminders')).not.toBeChecked();

    await userEvent.click(checkbox('reminders'));
    await userEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PUSH_MESSAGES.on);
    expect(api.savePushDevice).toHaveBeenCalledWith({
      endpoint: existing.endpoint,
      keys: { p256dh: P256DH, auth: AUTH },
      kinds: { ...ONLY_MESSAGES, reminders: true },
    });
    expect(browser!.pushManager.subscribe).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PUSH_MESSAGES.off);
    expect(api.removePushDevice).toHaveBeenCalledWith(deviceId);
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it("replaces a subscription the server does not know for this person (a previous person's) with a fresh one", async () => {
    const existing = fakeSubscription('https://push.example.com/send/previous-person');
    const api = renderSection({}, { permission: 'granted', existing });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PUSH_MESSAGES.on);
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(api.savePushDevice).toHaveBeenCalledWith(expect.objectContaining({ endpoint: browser!.fresh.endpoint }));
  });

  it('says notifications are blocked and offers no turn-on when the browser blocks them', async () => {
    const api = renderSection({}, { permission: 'denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.blocked);
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).not.toBeInTheDocument();
    expect(api.savePushDevice).not.toHaveBeenCalled();
  });

  it('says so when the person blocks notifications at the prompt, and saves nothing', async () => {
    const api = renderSection({}, { answer: 'denied' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.blocked);
    expect(browser!.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.savePushDevice).not.toHaveBeenCalled();
    expect(screen.getByText('Off for this device.')).toBeInTheDocument();
  });

  it('asks again after the prompt was dismissed', async () => {
    renderSection({}, { answer: 'default' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.dismissed);
    expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeEnabled();
  });

  it('says why when the browser cannot subscribe, and when the server refuses (dropping the unsaved subscription)', async () => {
    renderSection({}, { subscribeFails: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.subscribeFailed);
    browser!.remove();

    document.body.innerHTML = '';
    renderSection(
      { savePushDevice: vi.fn().mockRejectedValue(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.')) },
      {},
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach TrailBuddy.');
    expect(browser!.fresh.unsubscribe).toHaveBeenCalled();
    expect(screen.getByText('Off for this device.')).toBeInTheDocument();
  });

  it('asks for at least one kind before turning on', async () => {
    const api = renderSection({}, {});
    await screen.findByRole('button', { name: 'Turn on push notifications' });
    for (const kind of ['messages', 'connectionRequests', 'activityChanges', 'reminders'] as const)
      await userEvent.click(checkbox(kind));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.noKind);
    expect(browser!.notification.requestPermission).not.toHaveBeenCalled();
    expect(api.savePushDevice).not.toHaveBeenCalled();
  });

  it('says push is not available when the server has no key, and touches nothing in the browser', async () => {
    renderSection({ pushConfig: vi.fn(async () => ({ publicKey: null })) }, {});
    expect(await screen.findByText(PUSH_MESSAGES.notAvailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).not.toBeInTheDocument();
    expect(browser!.serviceWorker.register).not.toHaveBeenCalled();
  });

  it('says the browser cannot receive push when it has no Push API, without asking the server', async () => {
    const api = renderSection();
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
    expect(api.pushConfig).not.toHaveBeenCalled();
  });

  it("on an iPhone's Safari tab (no Push API), says push needs the Home Screen app on iOS 16.4 or later", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    renderSection();
    expect(await screen.findByRole('status')).toHaveTextContent(PUSH_MESSAGES.appleHomeScreen);
    expect(PUSH_MESSAGES.appleHomeScreen).toMatch(/Home Screen.*16\.4 or later/);
  });

  it('on an iPhone Home Screen app (Push API present), still says where push works, and offers it', async () => {
    renderSection({}, { userAgent: IPHONE_SAFARI });
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument();
    expect(screen.getByText(PUSH_MESSAGES.appleHomeScreen)).toBeInTheDocument();
  });

  it('says when the settings could not be loaded, and retries', async () => {
    const pushConfig = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.'))
      .mockResolvedValueOnce({ publicKey: PUBLIC_KEY });
    renderSection({ pushConfig }, {});
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach TrailBuddy.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeEnabled());
  });
});
