import { StravaConnectCard } from '@/components/strava/strava-connect-card';
import { ActivitiesList } from '@/components/activities/activities-list';
import { useStravaConnection } from '@/lib/connections/use-strava-connection';

// Placeholder until issue 4's Health Connections screen lands (the connections helper replaces this file).

/** The provider cards (Strava, Google Fit, Apple Health) with Sync All. */
export function HealthConnections() {
  const strava = useStravaConnection();
  return <StravaConnectCard strava={strava} showLastSync />;
}

/** The profile's provider integration section: the Health Connections screen and the user's activities list. */
export function ProviderIntegrations() {
  const strava = useStravaConnection();
  return (
    <>
      <StravaConnectCard strava={strava} showLastSync />
      {strava.state.status === 'ready' && (
        <ActivitiesList connected={strava.state.connection !== null} refreshKey={strava.activitiesVersion} />
      )}
    </>
  );
}
