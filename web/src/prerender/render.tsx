import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { AppProviders } from '@/app/provider';
import { StaticMarkup } from '@/components/layout/static-markup';
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

/** A visitor whose stored session is still being read: the state every signed-in screen starts in. */
const sessionBeingRead: AuthService = {
  ...signedOutVisitor,
  signedOutAtStart: () => false,
  currentUser: () => new Promise<never>(() => undefined),
};

/** Any signed-in screen renders the same frame while the session is read: header, a page spinner, footer. */
const SHELL_PATH = '/dashboard';

/**
 * The markup that goes inside `#root` for `path`. A static page's is never hydrated (web/src/static-page.ts), so its
 * interactive parts are rendered to work from the HTML alone.
 */
export function renderPage(path: string, isStatic = false): Promise<string> {
  return renderRoute(path, signedOutVisitor, isStatic);
}

/**
 * The layout shell (header, page frame with a spinner, footer) that the SPA's index.html paints for every path
 * that is not prerendered, before any JavaScript has run; the app replaces it when it renders.
 */
export function renderShell(): Promise<string> {
  return renderRoute(SHELL_PATH, sessionBeingRead);
}

async function renderRoute(path: string, authService: AuthService, isStatic = false): Promise<string> {
  const routes = buildRoutes();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`Prerendering ${path} redirected (HTTP ${context.status}).`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <StaticMarkup.Provider value={isStatic}>
        <AppProviders config={BUILD_CONFIG} authService={authService}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StaticMarkup.Provider>
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
