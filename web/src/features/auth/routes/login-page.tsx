import { useState } from 'react';
import { useChanged } from '@/lib/use-changed';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { FormMessage } from '@/components/ui/form-message';
import { RETURN_TO_PARAM, safeReturnPath, useAuth } from '@/lib/auth';
import { AuthFormsArea, type AuthMode, type AuthStep } from '../components/auth-forms-code';
import { ConnectionTestLink } from '../components/connection-test-link';
import { DemoModeButton } from '../components/demo-mode-button';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { LoginIntro } from '../components/login-intro';
import { OrSeparator } from '../components/or-separator';

const SIGN_UP_QUERY = 'mode=signup';

const headings: Record<AuthMode | 'confirm' | 'reset', { title: string; subtitle: string }> = {
  signIn: { title: 'Welcome Back', subtitle: 'Sign in to find partners and plan your next adventure.' },
  signUp: { title: 'Join TrailBuddy', subtitle: 'Create your account and connect with adventure partners across BC.' },
  confirm: { title: 'Confirm your email', subtitle: 'One more step and you are on the trail.' },
  reset: { title: 'Reset your password', subtitle: 'We will email you a code to choose a new one.' },
};

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signUp' : 'signIn';
  const navigate = useNavigate();
  const { redirectError } = useAuth();
  const [step, setStep] = useState<AuthStep>(null);
  // A deep link opened while signed out (ProtectedRoute) comes back here as ?next=; only a same-origin path.
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM));
  const keepReturn = returnTo ? `&${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}` : '';

  // Switching between sign-in and sign-up starts the form afresh (state adjusted while rendering, not in an effect).
  if (useChanged([mode])) setStep(null);

  const goToDashboard = () => navigate(returnTo ?? paths.dashboard, { replace: true });
  const interactive = useHydrated();
  const heading = headings[step ?? mode];

  return (
    <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-2 lg:gap-12 lg:px-8 lg:py-16">
      <section
        aria-labelledby="login-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="login-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {heading.title}
        </h1>
        <p className="mt-2 text-slate-600">{heading.subtitle}</p>

        <fieldset disabled={!interactive} className="mt-6 min-w-0 space-y-5">
          {redirectError && <FormMessage kind="error">{redirectError}</FormMessage>}
          <AuthFormsArea mode={mode} returnTo={returnTo} onStep={setStep} />
          {step === null && (
            <>
              <OrSeparator />
              <GoogleSignInButton returnTo={returnTo} />
            </>
          )}

          <p className="text-center text-sm">
            {mode === 'signIn' ? (
              <Link
                to={`${paths.login}?${SIGN_UP_QUERY}${keepReturn}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Need an account? Sign up
              </Link>
            ) : (
              <Link
                to={returnTo ? `${paths.login}?${keepReturn.slice(1)}` : paths.login}
                className="font-medium text-brand-700 hover:underline"
              >
                Already have an account? Sign in
              </Link>
            )}
          </p>

          <div className="space-y-3 border-t border-slate-200 pt-5">
            <p className="text-center text-sm text-slate-600">
              Just looking around? Explore with sample data — no account needed.
            </p>
            <DemoModeButton onStarted={goToDashboard} />
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
            <Link to={paths.home} className="text-sm font-medium text-slate-700 hover:text-slate-900 hover:underline">
              <span aria-hidden="true">← </span>
              Back to Home
            </Link>
            {/* It needs /config.json: the page hydrates without waiting for it (the link works from the HTML meanwhile). */}
            <ConnectionTestLink />
          </div>
        </fieldset>
      </section>

      <LoginIntro />
    </div>
  );
}
