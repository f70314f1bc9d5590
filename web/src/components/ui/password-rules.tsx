import { PASSWORD_RULES } from '@shared/password-policy';

/** The pool's password rules (functions/shared/password-policy.ts), each ticked as the typed password meets it. */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="grid gap-1 text-sm sm:grid-cols-2">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.met(password);
        return (
          <li key={rule.id} className={met ? 'text-brand-800' : 'text-slate-600'}>
            <span aria-hidden="true" className="inline-block w-5">
              {met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className="sr-only">{met ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
