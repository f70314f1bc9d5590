import { Suspense, startTransition, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { RuntimeConfigProvider, useRuntimeConfig } from '@/lib/runtime-config-context';
import { lazyRuntimeConfig, type RuntimeConfigSource } from '@/lib/runtime-config-source';

const config = { apiBaseUrl: 'https://api.trailbuddy.test' } as RuntimeConfig;

/** Like the login page's connection test link: the config, then a hook of its own. */
function ConfigLink() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [label] = useState('Test Database Connection');
  return <a href={apiBaseUrl}>{label}</a>;
}

/**
 * Renders as the browser does, outside act(): a concurrent render (hydration, or here a transition) that suspends
 * waits for the promise and, if it settles meanwhile, replays the suspended component rather than showing the
 * fallback. act() would flush the fallback instead, and never take that path.
 */
let actEnvironment: unknown;
let root: Root | undefined;
beforeEach(() => {
  actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
});
afterEach(() => {
  root?.unmount();
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
});

function render(source: RuntimeConfig | RuntimeConfigSource, { inTransition }: { inTransition: boolean }) {
  const errors: unknown[] = [];
  const fallbacks: string[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container, { onRecoverableError: (error) => errors.push(error) });
  const Fallback = () => {
    fallbacks.push('shown');
    return null;
  };
  const app = (
    <RuntimeConfigProvider config={source}>
      <Suspense fallback={<Fallback />}>
        <ConfigLink />
      </Suspense>
    </RuntimeConfigProvider>
  );
  if (inTransition) startTransition(() => root!.render(app));
  else root.render(app);
  return { container, errors, fallbacks };
}

const link = (container: HTMLElement) =>
  waitFor(() => {
    const found = container.querySelector('a');
    if (!found) throw new Error('The link has not rendered yet.');
    return found;
  });

describe('useRuntimeConfig', () => {
  it('lets a component that suspended on /config.json go on with its own hooks once it arrives, with no render error', async () => {
    // Arrives a microtask after the first render asks: React replays the suspended component.
    const { container, errors } = render(
      lazyRuntimeConfig(() => Promise.resolve(config)),
      { inTransition: true },
    );
    expect((await link(container)).getAttribute('href')).toBe(config.apiBaseUrl);
    expect(errors).toEqual([]);
  });

  it('answers at once when the config has already arrived: the screen never suspends for it', async () => {
    const source = lazyRuntimeConfig(() => Promise.resolve(config));
    await source.load();
    const { container, errors, fallbacks } = render(source, { inTransition: false });
    expect((await link(container)).textContent).toBe('Test Database Connection');
    expect(fallbacks).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('answers at once with a config given already loaded', async () => {
    const { container, fallbacks } = render(config, { inTransition: false });
    expect((await link(container)).getAttribute('href')).toBe(config.apiBaseUrl);
    expect(fallbacks).toEqual([]);
  });
});
