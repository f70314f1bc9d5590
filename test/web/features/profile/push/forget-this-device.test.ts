import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetThisDevicePush } from '@/features/profile/push/forget-this-device';
import { fakeSubscription, installFakeBrowserPush, serverDeviceIdOf } from './fake-browser-push';

let browser: ReturnType<typeof installFakeBrowserPush> | undefined;
afterEach(() => {
  browser?.remove();
  browser = undefined;
});

describe('forgetThisDevicePush', () => {
  it('does not wait for a server that never answers', async () => {
    const existing = fakeSubscription();
    browser = installFakeBrowserPush({ permission: 'granted', existing });
    const removePushDevice = vi.fn(() => new Promise<never>(() => undefined));
    await forgetThisDevicePush({ removePushDevice }, { timeoutMs: 20 });
    expect(removePushDevice).toHaveBeenCalledWith(serverDeviceIdOf(existing.endpoint));
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it('does nothing in a browser without the Push API', async () => {
    const removePushDevice = vi.fn();
    await forgetThisDevicePush({ removePushDevice });
    expect(removePushDevice).not.toHaveBeenCalled();
  });
});
