import { act, screen } from '@testing-library/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { AuthProvider } from '@/lib/auth';
import { createFakeAuthService } from '../../../test-utils';

/**
 * What the login page does with a press made while the forms' code was loading: the forms' parent presses the
 * button again in its own effect, right after the forms hydrate (auth-forms-code.tsx, authFormsHydrated).
 */
function PressedWhileLoading({ children }: { children: ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    area.current?.querySelector<HTMLButtonElement>('button[type="button"]')?.click();
  }, []);
  return <div ref={area}>{children}</div>;
}

describe('SignInForm on the prerendered login page', () => {
  it('opens "Forgot password?" with the email typed before the forms hydrated, when the press is replayed', async () => {
    const onForgotPassword = vi.fn();
    const app = (
      <AuthProvider service={createFakeAuthService(null)}>
        <PressedWhileLoading>
          <SignInForm onSignedIn={() => {}} onNeedsConfirmation={() => {}} onForgotPassword={onForgotPassword} />
        </PressedWhileLoading>
      </AuthProvider>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(app);
    container.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'sam@example.com';

    const root = await act(async () => hydrateRoot(container, app));
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(onForgotPassword).toHaveBeenCalledWith('sam@example.com');
    act(() => root.unmount());
    container.remove();
  });
});
