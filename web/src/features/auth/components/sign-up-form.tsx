import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useAuth, type SignUpOutcome } from '@/lib/auth';
import { unmetPasswordRules } from '@shared/password-policy';
import { PASSWORD_TOO_WEAK, PASSWORDS_DO_NOT_MATCH, signUpErrorMessage } from '../utils/auth-errors';
import { NewPasswordFields } from '@/components/ui/new-password-fields';

interface SignUpFormProps {
  onSignedUp: (email: string, password: string, outcome: SignUpOutcome) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { signUp } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (unmetPasswordRules(password).length > 0) {
      setError(PASSWORD_TOO_WEAK);
      return;
    }
    if (password !== confirmPassword) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setPending(true);
    try {
      const outcome = await signUp(email.trim(), password);
      onSignedUp(email.trim(), password, outcome);
    } catch (err) {
      setError(signUpErrorMessage(err));
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
      <NewPasswordFields
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        names={{ password: 'password', confirm: 'confirm-password' }}
        password={password}
        confirm={confirmPassword}
        onPassword={setPassword}
        onConfirm={setConfirmPassword}
      />
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} w-full`}>
        {pending ? 'Creating account...' : 'Sign Up'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </form>
  );
}
