import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '@shared/schemas/email';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';

type State =
  | { step: 'ask' }
  | { step: 'working' }
  | { step: 'done'; category: EmailCategory }
  | { step: 'failed'; message: string };

function problem(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return 'This unsubscribe link is not valid any more. Change your email settings on your profile.';
  return userMessage(error);
}

/**
 * Public, no sign-in: where an email's Unsubscribe link leads. Opening it changes nothing (mail scanners open links
 * too); the button does, with the same one-click POST a mail app sends from the List-Unsubscribe header.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const api = useApiClient();
  const [state, setState] = useState<State>({ step: 'ask' });

  async function confirm() {
    setState({ step: 'working' });
    try {
      const { unsubscribed } = await api.unsubscribe(token);
      setState({ step: 'done', category: unsubscribed });
    } catch (error) {
      setState({ step: 'failed', message: problem(error) });
    }
  }

  return (
    <PageContainer>
      <PageHeader title="Unsubscribe" />
      {state.step === 'done' ? (
        <>
          <FormMessage kind="success">{`You will get no more “${EMAIL_CATEGORY_LABELS[state.category]}” email.`}</FormMessage>
          <p className="text-sm">
            You can turn it back on in your <Link to={paths.profile}>email settings</Link>.
          </p>
        </>
      ) : state.step === 'failed' ? (
        <FormMessage kind="error">{state.message}</FormMessage>
      ) : (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p>Stop getting this kind of email from TrailBuddy?</p>
          <button
            type="button"
            className={`${buttonStyles.primary} mt-4`}
            disabled={state.step === 'working' || token === ''}
            onClick={() => void confirm()}
          >
            Unsubscribe
          </button>
        </section>
      )}
    </PageContainer>
  );
}
