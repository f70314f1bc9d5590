import { useId } from 'react';
import { PasswordRules } from './password-rules';
import { TextField } from './text-field';

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  names: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}

/** A new password with the pool's rules ticked as it is typed, and its confirmation (sign-up, reset, change). */
export function NewPasswordFields({ labels, names, password, confirm, onPassword, onConfirm }: NewPasswordFieldsProps) {
  const rulesId = useId();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name={names.password}
        autoComplete="new-password"
        required
        aria-describedby={rulesId}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <PasswordRules id={rulesId} password={password} />
      <TextField
        label={labels.confirm}
        type="password"
        name={names.confirm}
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
