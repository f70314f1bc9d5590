import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { signInErrorMessage } from '../utils/auth-errors';

interface SignInFormProps {
  onSignedIn: () => void;
  /** The account exists but its email was never confirmed. */
  onNeedsConfirmation: (email: string, password: string) => void;
  /** 'Forgot password?', with what the user typed as email. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ onSignedIn, onNeedsConfirmation, onForgotPassword }: SignInFormProps) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const outcome = await signIn(email.trim(), password);
      if (outcome === 'confirmSignUp') onNeedsConfirmation(email.trim(), password);
      else onSignedIn();
    } catch (err) {
      setError(signInErrorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="-mt-1 text-right">
        <button
          type="button"
          onClick={() => onForgotPassword(email.trim())}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Forgot password?
        </button>
      </div>
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
        {pending ? 'Signing in...' : 'Sign In'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </form>
  );
}
