import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { stravaCallbackEarlyRedirect } from '../utils/callback-params';

export default function StravaCallbackPage() {
  const { search } = useLocation();
  const redirect = stravaCallbackEarlyRedirect(search);
  if (redirect) return <Navigate to={redirect} replace />;
  return <PageSpinner label="Connecting to Strava..." showLabel />;
}
