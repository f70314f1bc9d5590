import { describe, expect, it } from 'vitest';

/**
 * The web app's layers, bottom to top: lib/ (app-wide code), components/ (shared UI), features/<name> (a feature's
 * api/, demo/, components/, hooks/, routes/), app/ (the shell and the composition roots that assemble every feature's
 * part: router, screens, the HTTP and demo API clients). A file imports only from its own layer or below; features
 * never import each other; components/ui is presentational and never reaches the API.
 */

const PREFIX = '../../web/src/';
const SOURCES = import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const FILES = Object.keys(SOURCES).map((key) => key.slice(PREFIX.length));
const FEATURES = [...new Set(FILES.filter((file) => file.startsWith('features/')).map((file) => file.split('/')[1]!))];

/** `relativePath` resolved against the folder `from` (both under web/src, '/'-separated). */
function resolvePath(from: string, relativePath: string): string {
  const parts = from.split('/').filter(Boolean);
  for (const segment of relativePath.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** Every module a file imports (static, dynamic and re-exports), as a path under web/src; packages and @shared are left out. */
function importsOf(file: string): string[] {
  const source = SOURCES[PREFIX + file] ?? '';
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('@/')) return [specifier.slice(2)];
    if (specifier.startsWith('.')) return [resolvePath(file.split('/').slice(0, -1).join('/'), specifier)];
    return [];
  });
}

const featureOf = (path: string): string | null => (path.startsWith('features/') ? path.split('/')[1]! : null);

/** Where a feature is composed into another's screen; each is to move to app-level composition. */
const KNOWN_CROSS_FEATURE = new Set([
  'features/dashboard/routes/dashboard-page.tsx -> connections',
  'features/profile/routes/profile-page.tsx -> connections',
]);

/** Each layer by its rank; anything else under web/src (main.tsx, boot.tsx, prerender/) sits on top with app/. */
const LAYERS = ['lib', 'components', 'features', 'app'] as const;
const TOP = LAYERS.length - 1;

function layerOf(path: string): number {
  const rank = LAYERS.indexOf(path.split('/')[0] as (typeof LAYERS)[number]);
  return rank === -1 ? TOP : rank;
}

/** What reaches the API: the client, its context and transport (lib), and the composition roots (app). */
const API_MODULE = /^(lib\/api-client(-context)?|lib\/api\/transport|app\/(lazy-|demo-)?api-client)$/;

/** lib/auth is the app-wide session; demo-strava is the demo athlete's sample that activities, analysis and connections all show. */
const SHARED_INFRA = (path: string) => path.startsWith('lib/auth/') || path === 'lib/demo/demo-strava.ts';

/** Words a feature's code is named by besides the feature's own name. */
const FEATURE_WORDS: Record<string, readonly string[]> = { connections: ['strava', 'google', 'apple'] };

/** Whether a path outside features/ is named after feature `name` (a folder or file called it, or `name-…`, `…-name`). */
function namedAfter(path: string, name: string): boolean {
  return path.split('/').some((segment) => {
    const stem = segment.replace(/\.tsx?$/, '');
    return stem === name || stem.startsWith(`${name}-`) || stem.endsWith(`-${name}`) || stem.includes(`-${name}-`);
  });
}

export function crossFeatureImports(files: readonly string[], imports: (file: string) => string[]): string[] {
  return files.flatMap((file) => {
    const own = featureOf(file);
    if (own === null) return [];
    return [
      ...new Set(
        imports(file)
          .map(featureOf)
          .filter((other): other is string => other !== null && other !== own),
      ),
    ].map((other) => `${file} -> ${other}`);
  });
}

/** Imports from a higher layer: lib from components/features/app, components from features/app, features from app. */
export function upwardImports(files: readonly string[], imports: (file: string) => string[]): string[] {
  return files.flatMap((file) =>
    imports(file)
      .filter((target) => layerOf(target) > layerOf(file))
      .map((target) => `${file} -> ${target}`),
  );
}

/** components/ui files that reach the API (they take what they show and what they do as props). */
export function apiCallsInUi(files: readonly string[], imports: (file: string) => string[]): string[] {
  return files
    .filter((file) => file.startsWith('components/ui/'))
    .flatMap((file) =>
      imports(file)
        .filter((target) => API_MODULE.test(target))
        .map((target) => `${file} -> ${target}`),
    );
}

export function featureCodeOutside(files: readonly string[], features: readonly string[]): string[] {
  const words = features.flatMap((name) => [name, ...(FEATURE_WORDS[name] ?? [])]);
  return files.filter(
    (file) => featureOf(file) === null && !SHARED_INFRA(file) && words.some((word) => namedAfter(file, word)),
  );
}

describe('web architecture: features own their code', () => {
  it('no feature imports another feature', () => {
    expect(FEATURES).toEqual(expect.arrayContaining(['connections', 'dashboard', 'group-activities']));
    expect(crossFeatureImports(FILES, importsOf).filter((edge) => !KNOWN_CROSS_FEATURE.has(edge))).toEqual([]);
  });

  it('the known cross-feature compositions are still real (remove them from the list once moved)', () => {
    const edges = new Set(crossFeatureImports(FILES, importsOf));
    expect([...KNOWN_CROSS_FEATURE].filter((edge) => !edges.has(edge))).toEqual([]);
  });

  it('no upward imports: lib imports no component, feature or app code; components no feature or app code; features no app code', () => {
    expect(FILES).toEqual(expect.arrayContaining(['lib/paths.ts', 'app/api-client.ts', 'app/demo-api-client.ts']));
    expect(upwardImports(FILES, importsOf)).toEqual([]);
  });

  it('components/ui never reaches the API (no client, context or transport): callers pass what it does', () => {
    expect(apiCallsInUi(FILES, importsOf)).toEqual([]);
  });

  it('no feature code lives outside its folder', () => {
    expect(featureCodeOutside(FILES, FEATURES)).toEqual([]);
  });

  it('screens never branch on demo mode: only the app shell, the session and the demo banner read isDemo', () => {
    const readers = FILES.filter((file) => /\bisDemo\b/.test(SOURCES[PREFIX + file] ?? ''));
    expect(
      readers.filter(
        (file) => !file.startsWith('app/') && !file.startsWith('lib/auth/') && file !== 'components/ui/demo-banner.tsx',
      ),
    ).toEqual([]);
  });

  it('the rules catch what they are meant to catch', () => {
    const imports = (file: string) =>
      ({
        'features/group-activities/routes/a.tsx': [
          'features/partners/components/card',
          'features/group-activities/utils/x',
          'components/ui/modal',
        ],
        'components/ui/b.tsx': ['features/connections/utils/providers', 'lib/api-client-context', 'lib/api/api-error'],
        'lib/use-query.ts': ['app/paths', 'components/toast', 'lib/api-client'],
        'features/group-activities/utils/x.ts': ['app/screens', 'lib/paths'],
        'app/router.tsx': ['features/group-activities/routes/a', 'lib/paths'],
      })[file] ?? [];
    const files = [
      'features/group-activities/routes/a.tsx',
      'components/ui/b.tsx',
      'components/connections/card.tsx',
      'lib/group-activities-demo.ts',
      'lib/use-query.ts',
      'components/strava/card.tsx',
      'lib/api/health-connections-api.ts',
      'features/group-activities/utils/x.ts',
      'app/router.tsx',
    ];
    expect(crossFeatureImports(files, imports)).toEqual(['features/group-activities/routes/a.tsx -> partners']);
    expect(upwardImports(files, imports)).toEqual([
      'components/ui/b.tsx -> features/connections/utils/providers',
      'lib/use-query.ts -> app/paths',
      'lib/use-query.ts -> components/toast',
      'features/group-activities/utils/x.ts -> app/screens',
    ]);
    expect(apiCallsInUi(files, imports)).toEqual(['components/ui/b.tsx -> lib/api-client-context']);
    expect(featureCodeOutside(files, ['group-activities', 'connections'])).toEqual([
      'components/connections/card.tsx',
      'lib/group-activities-demo.ts',
      'components/strava/card.tsx',
      'lib/api/health-connections-api.ts',
    ]);
  });
});
