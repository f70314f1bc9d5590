import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { providerErrorMessage } from '../utils/auth-errors';

interface SignInFormProps {
  onSignedIn: () => void;
  /** The account exists but its email was never confirmed. */
  onNeedsConfirmation: (email: string, password: string) => void;
}

export function SignInForm({ onSignedIn, onNeedsConfirmation }: SignInFormProps) {
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
      setError(providerErrorMessage(err, 'Sign in failed. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
        {pending ? 'Signing in...' : 'Sign In'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </form>
  );
}
