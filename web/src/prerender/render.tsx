import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { AppProviders } from '@/app/provider';
import { buildRoutes } from '@/app/router';
import type { AuthService } from '@/lib/auth';

/**
 * The build-time render of a public page (the SSR entry of `npm run build:web`; see web/scripts/prerender.ts).
 * It renders the same tree the browser hydrates: providers, the route tree, a signed-out visitor (the state the
 * browser starts in when there is no stored session). Lazy screens are awaited, so the HTML is the whole page.
 */
const BUILD_CONFIG: RuntimeConfig = {
  mode: 'local',
  region: 'build',
  userPoolId: 'build',
  userPoolClientId: 'build',
  apiBaseUrl: '/api',
};

const notAtBuildTime = () => Promise.reject(new Error('Not available at build time.'));

const signedOutVisitor: AuthService = {
  googleSignInConfigured: false,
  signedOutAtStart: () => true,
  currentUser: async () => null,
  idToken: async () => null,
  signIn: notAtBuildTime,
  signUp: notAtBuildTime,
  confirmSignUp: notAtBuildTime,
  signInWithGoogle: notAtBuildTime,
  signOut: async () => undefined,
  deleteUser: notAtBuildTime,
  resendSignUpCode: notAtBuildTime,
  resetPassword: notAtBuildTime,
  confirmResetPassword: notAtBuildTime,
  updatePassword: notAtBuildTime,
  updateEmail: notAtBuildTime,
  confirmEmail: notAtBuildTime,
  subscribe: () => () => undefined,
};

/** The markup that goes inside `#root` for `path`. */
export async function renderPage(path: string): Promise<string> {
  const routes = buildRoutes();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`Prerendering ${path} redirected (HTTP ${context.status}).`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProviders config={BUILD_CONFIG} authService={signedOutVisitor}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // `prerender` waits for the lazy screens but streams big boundaries out of line behind inline scripts (which the
  // CSP blocks, and which need JavaScript); once it has loaded them, `renderToString` writes the page in place.
  await prerender(page);
  const html = renderToString(page);
  if (/<script/i.test(html))
    throw new Error(`Prerendering ${path} produced inline scripts: a screen is still loading.`);
  return html;
}
