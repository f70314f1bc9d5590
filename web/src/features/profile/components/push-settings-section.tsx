import { useState } from 'react';
import { PUSH_KINDS, PUSH_KIND_LABELS, PushKinds, type PushKind } from '@shared/schemas/push';
import { buttonStyles } from '@/components/ui/button-styles';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormMessage } from '@/components/ui/form-message';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/error-messages';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { useThisDevicePush, type ThisDevice, type ThisDevicePush } from '../hooks/use-this-device-push';
import { PushSetupError } from '../push/browser-push';

const ALL_KINDS_ON = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true])) as PushKinds;

export const PUSH_MESSAGES = {
  notAvailable: 'Push notifications are not available here: this server does not send them.',
  unsupported: 'This browser cannot receive push notifications.',
  appleHomeScreen:
    'On iPhone and iPad, push notifications work only in TrailBuddy added to the Home Screen (Share, then Add to Home Screen), on iOS or iPadOS 16.4 or later.',
  blocked:
    'Notifications are blocked for TrailBuddy in this browser. To get them, allow notifications for this site in the browser’s settings, then try again.',
  dismissed: 'Notifications were not allowed. Turn push on again and choose Allow when the browser asks.',
  subscribeFailed: 'This browser could not subscribe to push notifications. Check your connection and try again.',
  noKind: 'Choose at least one kind of notification.',
  on: 'Push notifications are on for this device.',
  off: 'Push notifications are off for this device.',
} as const;

function failureMessage(error: unknown): string {
  if (!(error instanceof PushSetupError)) return userMessage(error);
  if (error.reason === 'blocked') return PUSH_MESSAGES.blocked;
  return error.reason === 'dismissed' ? PUSH_MESSAGES.dismissed : PUSH_MESSAGES.subscribeFailed;
}

/** Push notifications on this device (each browser its own choice of kinds): on, off, or why not. */
export function PushSettingsSection() {
  const push = useThisDevicePush();
  return (
    <section
      aria-labelledby="push-settings-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="push-settings-heading" className="text-lg font-semibold text-slate-900">
        Notifications on this device
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Get a notification on this device even when TrailBuddy is closed. Each device you use has its own choice;
        signing out turns them off here.
      </p>
      {push.appleMobile && <p className="mt-2 text-sm text-slate-600">{PUSH_MESSAGES.appleHomeScreen}</p>}
      <div className="mt-4">
        <PushState push={push} />
      </div>
    </section>
  );
}

function PushState({ push }: { push: ThisDevicePush }) {
  const { support, config, device } = push;
  if (support !== 'supported')
    return (
      <FormMessage kind="info">
        {support === 'ios-home-screen-only' ? PUSH_MESSAGES.appleHomeScreen : PUSH_MESSAGES.unsupported}
      </FormMessage>
    );
  if (config.status === 'loading') return <Spinner label="Loading push settings" />;
  if (config.status === 'error') return <LoadError error={config.error} onRetry={config.reload} />;
  if (!config.data.publicKey) return <FormMessage kind="info">{PUSH_MESSAGES.notAvailable}</FormMessage>;
  if (device.status === 'loading') return <Spinner label="Loading push settings" />;
  if (device.status === 'error') return <LoadError error={device.error} onRetry={device.reload} />;
  return <PushForm push={push} device={device.data} />;
}

function PushForm({ push, device }: { push: ThisDevicePush; device: ThisDevice | null }) {
  const [done, setDone] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const { form, formProps, formError, setFormError, submitting } = useSchemaForm({
    schema: PushKinds,
    defaultValues: device?.kinds ?? ALL_KINDS_ON,
    failureMessage,
    onSubmit: async (kinds) => {
      if (!PUSH_KINDS.some((kind) => kinds[kind])) {
        setFormError(PUSH_MESSAGES.noKind);
        return;
      }
      await push.save(kinds);
      setDone(PUSH_MESSAGES.on);
    },
  });
  const choices = form.watch();
  const on = device !== null;
  const blocked = push.permission === 'denied';
  const busy = submitting || turningOff;

  const turnOff = async () => {
    setDone(null);
    setFormError(null);
    setTurningOff(true);
    try {
      await push.turnOff();
      setDone(PUSH_MESSAGES.off);
    } catch (error) {
      setFormError(userMessage(error));
    } finally {
      setTurningOff(false);
    }
  };

  return (
    <form
      {...formProps}
      aria-label="Push notifications on this device"
      onSubmit={(event) => (setDone(null), formProps.onSubmit(event))}
      className="space-y-4"
    >
      <p className="text-sm font-medium text-slate-800">{on ? 'On for this device.' : 'Off for this device.'}</p>
      {blocked && !formError && <FormMessage kind="error">{PUSH_MESSAGES.blocked}</FormMessage>}
      <CheckboxGroup
        legend="Notify me about"
        layout="list"
        options={PUSH_KINDS}
        labels={PUSH_KIND_LABELS}
        selected={PUSH_KINDS.filter((kind) => choices[kind])}
        disabled={busy || (blocked && !on)}
        onChange={(selected) => {
          for (const kind of PUSH_KINDS) form.setValue(kind as PushKind, selected.includes(kind));
        }}
      />
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      {done && !formError && <FormMessage kind="success">{done}</FormMessage>}
      <div className="flex flex-wrap gap-3">
        {(on || !blocked) && (
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {submitting && <Spinner label="Saving" />}
            {on ? 'Save choices' : 'Turn on push notifications'}
          </button>
        )}
        {on && (
          <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={() => void turnOff()}>
            {turningOff && <Spinner label="Turning off" />}
            Turn off on this device
          </button>
        )}
      </div>
    </form>
  );
}
