import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/lib/use-hydrated';

export type AuthMode = 'signIn' | 'signUp';
/** Where the forms are past the first one: the page's heading follows it. */
export type AuthStep = 'confirm' | 'reset' | null;

export interface AuthFormsProps {
  mode: AuthMode;
  returnTo: string | null;
  /** Stable across renders (a state setter): a new prop would make React drop the prerendered forms unused. */
  onStep: (step: AuthStep) => void;
}

/*
 * The forms' code (react-hook-form, zod and the forms) is not part of /login's initial JS: the prerendered forms
 * stay as HTML, typed into as they are, until someone focuses, presses or types in them, and then it loads and
 * hydrates them (the forms take over what was typed: useSchemaForm). A fresh render (a later visit in the app) asks
 * for it at once.
 */
let request!: () => void;
const requested = new Promise<void>((resolve) => (request = resolve));
if (import.meta.env.SSR) request();

const LazyAuthForms = lazy(() => requested.then(() => import('./auth-forms')).then((m) => ({ default: m.AuthForms })));

let hydrated = false;
/**
 * What someone did before the forms' code arrived (React drops it: it stops events at its root while a part is still
 * HTML): a form submitted, or a button pressed ('Forgot password?'). It is done again once the forms run.
 */
let held: (() => void) | null = null;

/** Called by the forms once they run: what was held meanwhile happens now. */
export function authFormsHydrated() {
  hydrated = true;
  const action = held;
  held = null;
  action?.();
}

function AuthFormsWhenWanted(props: AuthFormsProps) {
  // False only while React hydrates the prerendered forms: they wait for a first use there.
  if (useHydrated()) request();
  return <LazyAuthForms {...props} />;
}

/**
 * The login page's forms. Memoised so the page's own re-renders (as it hydrates) leave the prerendered forms alone
 * until their code is there.
 */
export const AuthFormsArea = memo(function AuthFormsArea(props: AuthFormsProps) {
  const area = useRef<HTMLDivElement>(null);

  // On the document, in the capture phase: React stops these events at its root while the forms are still HTML.
  useEffect(() => {
    const inArea = (event: Event) => event.target instanceof Node && area.current?.contains(event.target) === true;
    const wake = (event: Event) => {
      if (inArea(event)) request();
    };
    // Before the code runs, a native submit would send the form to the URL (the password with it): hold it instead.
    const holdSubmit = (event: Event) => {
      if (hydrated || !inArea(event) || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const form = event.target;
      held = () => form.isConnected && form.requestSubmit();
      request();
    };
    const holdButton = (event: Event) => {
      const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
      if (hydrated || !inArea(event) || !(button instanceof HTMLButtonElement)) return;
      held = () => button.isConnected && button.click();
      request();
    };
    const wakers = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const type of wakers) document.addEventListener(type, wake, { capture: true });
    document.addEventListener('submit', holdSubmit, { capture: true });
    document.addEventListener('click', holdButton, { capture: true });
    return () => {
      for (const type of wakers) document.removeEventListener(type, wake, { capture: true });
      document.removeEventListener('submit', holdSubmit, { capture: true });
      document.removeEventListener('click', holdButton, { capture: true });
    };
  }, []);

  return (
    <div ref={area}>
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <AuthFormsWhenWanted {...props} />
      </Suspense>
    </div>
  );
});
