import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormMessage } from '@/components/ui/form-message';
import { paths } from '@/lib/paths';
import { useAuth, type SignUpOutcome } from '@/lib/auth';
import { useChanged } from '@/lib/use-changed';
import { providerErrorMessage } from '../utils/auth-errors';
import { authFormsHydrated, type AuthFormsProps } from './auth-forms-code';
import { ConfirmSignUpForm, type PendingConfirmation } from './confirm-sign-up-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** The login page's forms (sign in or up, the confirmation code, a forgotten password): a chunk of their own. */
export function AuthForms({ mode, returnTo, onStep }: AuthFormsProps) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The email typed so far, while 'Forgot password?' is open. */
  const [resetEmail, setResetEmail] = useState<string | null>(null);

  useEffect(authFormsHydrated, []);

  // Switching between sign-in and sign-up starts the form afresh (state adjusted while rendering, not in an effect).
  if (useChanged([mode])) {
    setConfirmation(null);
    setError(null);
    setResetEmail(null);
  }

  const goToDashboard = () => navigate(returnTo ?? paths.dashboard, { replace: true });
  const confirm = (pending: PendingConfirmation) => (setConfirmation(pending), onStep('confirm'));
  const reset = (email: string | null) => (setResetEmail(email), onStep(email === null ? null : 'reset'));

  const handleSignedUp = async (email: string, password: string, outcome: SignUpOutcome) => {
    if (outcome === 'confirmSignUp') return confirm({ email, password, reason: 'signedUp' });
    try {
      await signIn(email, password);
      goToDashboard();
    } catch (err) {
      setError(providerErrorMessage(err, 'Your account was created, but signing in failed. Please sign in.'));
    }
  };

  return (
    <div className="space-y-5">
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {confirmation ? (
        <ConfirmSignUpForm pending={confirmation} onSignedIn={goToDashboard} />
      ) : resetEmail !== null ? (
        <ForgotPasswordForm initialEmail={resetEmail} onSignedIn={goToDashboard} onCancel={() => reset(null)} />
      ) : mode === 'signIn' ? (
        <SignInForm
          onSignedIn={goToDashboard}
          onNeedsConfirmation={(email, password) => confirm({ email, password, reason: 'unconfirmed' })}
          onForgotPassword={reset}
        />
      ) : (
        <SignUpForm onSignedUp={handleSignedUp} />
      )}
    </div>
  );
}
