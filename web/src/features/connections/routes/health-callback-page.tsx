import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ProviderType } from '@shared/schemas/activity';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import type { ApiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { PROVIDER_NAMES } from '@/features/connections/utils/providers';
import {
  healthCallbackPlan,
  healthConnectMessageFrom,
  healthProviderFrom,
  saveHealthConnectMarker,
  type HealthCallbackPlan,
} from '../utils/callback-params';

/** Spec §9: the success screen moves on to the dashboard after 2 s. */
export const HEALTH_CONNECT_REDIRECT_MS = 2000;

type Outcome = { kind: 'connected'; provider: ProviderType | null } | { kind: 'failed'; message: string };
type ScreenState = { kind: 'connecting' } | Outcome;

/** Runs the plan once; every failure becomes the text the screen shows. */
async function carryOut(client: ApiClient, plan: HealthCallbackPlan): Promise<Outcome> {
  if (plan.kind === 'fail') return { kind: 'failed', message: plan.message };
  const provider: ProviderType =
    plan.kind === 'strava' ? 'strava' : plan.kind === 'google' ? 'google_health' : 'apple_health';
  const failed = `Failed to connect ${PROVIDER_NAMES[provider]}`;
  try {
    let connected: boolean;
    if (plan.kind === 'strava') connected = (await client.connectStrava(plan.request)).connection.isActive;
    else if (plan.kind === 'google') connected = (await client.connectGoogle(plan.request)).connection.isActive;
    // The Shortcut sends the data itself; coming back here only says it ran, so ask whether the connection is there.
    else connected = (await client.connections()).connections.some((c) => c.provider === 'apple_health' && c.isActive);
    return connected ? { kind: 'connected', provider } : { kind: 'failed', message: failed };
  } catch (error) {
    // A refusal the user can act on (an expired code, scopes not granted) is worth showing as the server put it.
    const explained = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
    return { kind: 'failed', message: explained ? error.message : failed };
  }
}

/** One screen for /auth/health/callback, /health-connect-callback and /apple-health-callback. */
export default function HealthCallbackPage() {
  const { pathname, search } = useLocation();
  const client = useApiClient();
  const navigate = useNavigate();
  const [screen, setScreen] = useState<ScreenState>({ kind: 'connecting' });
  // A code is single-use: StrictMode's second effect run must reuse the first request, not post again.
  const attempt = useRef<Promise<Outcome> | null>(null);

  useEffect(() => {
    attempt.current ??= carryOut(client, healthCallbackPlan(pathname, search));
    let active = true;
    void attempt.current.then((outcome) => active && setScreen(outcome));
    return () => {
      active = false;
    };
  }, [client, pathname, search]);

  // Spec §4: a connect window may report back with a message; only this origin's messages count.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = healthConnectMessageFrom(event, window.location.origin);
      if (!message) return;
      if (message.kind === 'error') setScreen({ kind: 'failed', message: message.error });
      else setScreen({ kind: 'connected', provider: message.provider ?? healthProviderFrom(pathname, search) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [pathname, search]);

  useEffect(() => {
    if (screen.kind !== 'connected') return;
    if (screen.provider) saveHealthConnectMarker({ provider: screen.provider, connectedAt: new Date().toISOString() });
    const timer = setTimeout(() => navigate(paths.dashboard, { replace: true }), HEALTH_CONNECT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [screen, navigate]);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {screen.kind === 'connecting' && (
          <>
            <h1 className="sr-only">Health app connection</h1>
            <Spinner label="Connecting Your Health App..." showLabel />
          </>
        )}
        {screen.kind === 'connected' && (
          <>
            <h1 className="text-xl font-semibold text-brand-800">Successfully Connected!</h1>
            <p role="status" className="mt-2 text-slate-700">
              {screen.provider ? PROVIDER_NAMES[screen.provider] : 'Your health app'} is connected. Taking you to your
              dashboard...
            </p>
          </>
        )}
        {screen.kind === 'failed' && (
          <>
            <h1 className="text-xl font-semibold text-red-700">Connection Failed</h1>
            <p role="alert" className="mt-2 text-slate-700">
              {screen.message}
            </p>
            <div className="mt-6 flex justify-center gap-3">
              <Link to={paths.dashboard} className={buttonStyles.primary}>
                Go to Dashboard
              </Link>
              <Link to={paths.profile} className={buttonStyles.secondary}>
                Try Again
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
