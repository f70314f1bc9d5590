import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { rememberReturnAfterRedirect, useAuth } from '@/lib/auth';
import { providerErrorMessage } from '../utils/auth-errors';

/** `returnTo`: the page to open after Google sends the visitor back (the login page's `?next=`). */
export function GoogleSignInButton({ returnTo = null }: { returnTo?: string | null }) {
  const { signInWithGoogle } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleClick = async () => {
    setError(null);
    setPending(true);
    try {
      rememberReturnAfterRedirect(returnTo);
      await signInWithGoogle();
      // On success the browser is leaving for Google, so the button stays pending.
    } catch (err) {
      setError(providerErrorMessage(err, 'Google sign-in failed. Please try again.'));
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      <button type="button" onClick={handleClick} disabled={pending} className={`${buttonStyles.secondary} w-full`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path
            fill="#4285F4"
            d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {pending ? 'Connecting to Google...' : 'Continue with Google'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </div>
  );
}
