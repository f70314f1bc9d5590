import { useState, type FormEvent } from 'react';
import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  type EmailPreferences,
} from '@shared/schemas/email';
import { buttonStyles } from '@/components/ui/button-styles';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormMessage } from '@/components/ui/form-message';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

const preferencesOf = (on: readonly EmailCategory[]) =>
  Object.fromEntries(EMAIL_CATEGORIES.map((category) => [category, on.includes(category)])) as EmailPreferences;

/** Which optional emails to get, one checkbox per type (trip plan alerts to contacts are not optional). */
export function EmailSettingsSection() {
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.emailPreferences, () => api.emailPreferences());
  // The visitor's unsaved changes (or the last saved answer) over what the server first said.
  const [edited, setChoices] = useState<EmailPreferences | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const choices = edited ?? (loaded.status === 'success' ? loaded.data : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choices) return;
    setPending(true);
    setOutcome(null);
    try {
      setChoices(await api.updateEmailPreferences(choices));
      setOutcome({ kind: 'success', text: 'Email settings saved.' });
    } catch (error) {
      setOutcome({ kind: 'error', text: userMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="email-settings-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="email-settings-heading" className="text-lg font-semibold text-slate-900">
        Email settings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose which emails TrailBuddy sends you. Every email also has a one-click unsubscribe link.
      </p>
      {loaded.status === 'loading' && <Spinner label="Loading email settings" />}
      {loaded.status === 'error' && (
        <div className="mt-4">
          <LoadError error={loaded.error} onRetry={loaded.reload} />
        </div>
      )}
      {choices && (
        <form onSubmit={submit} className="mt-4 space-y-4">
          <CheckboxGroup
            legend="Emails to receive"
            legendStyle="hidden"
            layout="list"
            options={EMAIL_CATEGORIES}
            labels={EMAIL_CATEGORY_LABELS}
            selected={EMAIL_CATEGORIES.filter((category) => choices[category])}
            onChange={(on) => setChoices(preferencesOf(on))}
          />
          {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
          <button type="submit" className={buttonStyles.primary} disabled={pending}>
            {pending && <Spinner label="Saving" />}
            Save email settings
          </button>
        </form>
      )}
    </section>
  );
}
