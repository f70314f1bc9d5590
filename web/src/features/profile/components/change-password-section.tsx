import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextField } from '@/components/ui/text-field';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';
import { unmetPasswordRules } from '@shared/password-policy';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/** Cognito's answer as a sentence: a wrong current password says so plainly. */
function changeErrorMessage(error: unknown): string {
  const { name, message } = error instanceof Error ? error : { name: '', message: '' };
  if (name === 'NotAuthorizedException') return 'Your current password is not right.';
  if (name === 'LimitExceededException') return 'Too many attempts. Please wait a while and try again.';
  return message || 'Changing the password failed. Please try again.';
}

/** 'Change password' in the profile's account area: the current password, a new one meeting the pool's rules. */
export function ChangePasswordSection() {
  const { updatePassword } = useAuth();
  const { traits } = useApiClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    if (unmetPasswordRules(next).length > 0)
      return setOutcome({ kind: 'error', text: 'Choose a password that meets every requirement listed.' });
    if (next !== confirm) return setOutcome({ kind: 'error', text: 'Passwords do not match' });
    setPending(true);
    try {
      await updatePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      setOutcome({ kind: 'success', text: 'Your password has been changed.' });
    } catch (error) {
      setOutcome({ kind: 'error', text: changeErrorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  if (!traits.credentialsEditable) return null;
  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <form onSubmit={submit} className="mt-4 grid max-w-xl gap-4">
        <TextField
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          names={{ password: 'new-password', confirm: 'confirm-new-password' }}
          password={next}
          confirm={confirm}
          onPassword={setNext}
          onConfirm={setConfirm}
        />
        <div>
          <button type="submit" disabled={pending} className={buttonStyles.primary}>
            {pending ? 'Changing...' : 'Change Password'}
          </button>
        </div>
        {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      </form>
    </section>
  );
}
