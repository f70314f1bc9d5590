import { FormMessage } from '@/components/ui/form-message';

/** What the Strava callback's `?error=` values mean to the user (spec core-app §4). */
const messages: Record<string, string> = {
  access_denied:
    'Strava access was not granted, so nothing was connected. Click Connect with Strava and choose Authorize to link your account.',
  no_code: 'Strava did not send back an authorization code, so nothing was connected. Please try connecting again.',
  connection_failed: 'We could not connect your Strava account. Please try again in a moment.',
};

export function ConnectionErrorNotice({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <FormMessage kind="error">
      {messages[code] ?? 'Connecting your account did not work. Please try again.'}
    </FormMessage>
  );
}
