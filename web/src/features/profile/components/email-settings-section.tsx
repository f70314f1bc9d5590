import { useState } from 'react';
import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS, type EmailCategory, EmailPreferences } from '@shared/schemas/email';
import { buttonStyles } from '@/components/ui/button-styles';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormMessage } from '@/components/ui/form-message';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

const preferencesOf = (on: readonly EmailCategory[]) =>
  Object.fromEntries(EMAIL_CATEGORIES.map((category) => [category, on.includes(category)])) as EmailPreferences;

/** Which optional emails to get, one checkbox per type (trip plan alerts to contacts are not optional). */
export function EmailSettingsSection() {
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.emailPreferences, () => api.emailPreferences());

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
      {loaded.status === 'success' && <EmailSettingsForm saved={loaded.data} />}
    </section>
  );
}

/** The choices as the server first said, then the visitor's unsaved changes (or the last saved answer). */
function EmailSettingsForm({ saved }: { saved: EmailPreferences }) {
  const api = useApiClient();
  const [savedNow, setSavedNow] = useState(false);
  const { form, formProps, formError, submitting } = useSchemaForm({
    schema: EmailPreferences,
    defaultValues: saved,
    onSubmit: async (choices) => {
      form.reset(await api.updateEmailPreferences(choices));
      setSavedNow(true);
    },
  });
  const choices = form.watch();

  return (
    <form
      {...formProps}
      onSubmit={(event) => (setSavedNow(false), formProps.onSubmit(event))}
      className="mt-4 space-y-4"
    >
      <CheckboxGroup
        legend="Emails to receive"
        legendStyle="hidden"
        layout="list"
        options={EMAIL_CATEGORIES}
        labels={EMAIL_CATEGORY_LABELS}
        selected={EMAIL_CATEGORIES.filter((category) => choices[category])}
        onChange={(on) => {
          for (const [category, wanted] of Object.entries(preferencesOf(on)))
            form.setValue(category as EmailCategory, wanted);
        }}
      />
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      {savedNow && <FormMessage kind="success">Email settings saved.</FormMessage>}
      <button type="submit" className={buttonStyles.primary} disabled={submitting}>
        {submitting && <Spinner label="Saving" />}
        Save email settings
      </button>
    </form>
  );
}
