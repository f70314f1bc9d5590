import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { PageSpinner } from '@/components/ui/spinner';
import type { ApiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { ReconnectButton } from '../components/reconnect-button';
import {
  STRAVA_CONNECTED_PATH,
  STRAVA_CONNECTION_FAILED_PATH,
  stravaCallbackEarlyRedirect,
  stravaConnectRequestFrom,
} from '../utils/callback-params';

type ConnectOutcome =
  | { kind: 'connected' }
  | { kind: 'failed' }
  | { kind: 'invalidCode'; message: string }
  | { kind: 'missingPermission'; message: string }
  | { kind: 'atCapacity'; message: string };

type Failure = Extract<ConnectOutcome, { message: string }>;

async function connectStrava(client: ApiClient, search: string): Promise<ConnectOutcome> {
  const request = stravaConnectRequestFrom(search);
  // Without a state the server would refuse the code anyway (it is bound to the signed-in user).
  if (!request?.state) return { kind: 'failed' };
  try {
    await client.connectStrava(request);
    return { kind: 'connected' };
  } catch (error) {
    // Spec health-connections §5: an invalid code gets tips worth reading before trying again.
    if (error instanceof ApiError && error.status === 400 && error.code === 'invalid_code') {
      return { kind: 'invalidCode', message: error.message };
    }
    // The athlete unticked a permission TrailBuddy needs; the server names it.
    if (error instanceof ApiError && error.status === 400 && error.code === 'missing_permission') {
      return { kind: 'missingPermission', message: error.message };
    }
    // Strava caps how many athletes TrailBuddy may connect; the server's message names the other ways in.
    if (error instanceof ApiError && error.status === 409 && error.code === 'strava_at_capacity') {
      return { kind: 'atCapacity', message: error.message };
    }
    return { kind: 'failed' };
  }
}

/** /auth/strava/callback (spec core-app §4): exchanges Strava's code once, then moves on. */
export default function StravaCallbackPage() {
  const { search } = useLocation();
  const redirect = stravaCallbackEarlyRedirect(search);
  if (redirect) return <Navigate to={redirect} replace />;
  return <StravaCodeExchange search={search} />;
}

function StravaCodeExchange({ search }: { search: string }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  // A code is single-use: StrictMode's second effect run must reuse the first request, not post again.
  const attempt = useRef<Promise<ConnectOutcome> | null>(null);

  useEffect(() => {
    attempt.current ??= connectStrava(client, search);
    let active = true;
    void attempt.current.then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'connected') navigate(STRAVA_CONNECTED_PATH, { replace: true });
      else if (outcome.kind !== 'failed') setFailure(outcome);
      else navigate(STRAVA_CONNECTION_FAILED_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [client, search, navigate]);

  if (failure === null) return <PageSpinner label="Connecting to Strava..." showLabel />;
  const missingPermission = failure.kind === 'missingPermission';
  const atCapacity = failure.kind === 'atCapacity';
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold text-red-700">
          {missingPermission
            ? 'Strava Permission Missing'
            : atCapacity
              ? 'Strava Is Full Right Now'
              : 'Connection Failed'}
        </h1>
        <p role="alert" className="mt-3 whitespace-pre-line text-left text-slate-700">
          {failure.message}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {missingPermission ? (
            <ReconnectButton
              providerName="Strava"
              destination="Strava"
              authorizeUrl={(client) => client.stravaAuthorizeUrl()}
            />
          ) : (
            <Link to={paths.profile} className={buttonStyles.primary}>
              {atCapacity ? 'Connect Another Source' : 'Try Again'}
            </Link>
          )}
          <Link to={paths.dashboard} className={buttonStyles.secondary}>
            Go to Dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
