import { describe, expect, it } from 'vitest';
import {
  APP_START,
  appStartChunks,
  chunksByScreen,
  REACT_DOM_START,
  screenChunksOf,
  staticChunksOf,
  withLowPriorityEntryPreloads,
  withModulePreloads,
  withScreenChunks,
  withStaticPageScript,
  type BuildManifest,
} from '@/prerender/module-preloads';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-entry.js', imports: ['_react.js'] },
  [APP_START]: { file: 'assets/boot-1.js', imports: ['_react.js', '_router.js', 'index.html'] },
  '_react.js': { file: 'assets/react-2.js' },
  '_router.js': { file: 'assets/router-3.js', imports: ['_react.js'] },
  'src/features/analysis/routes/analysis-page.tsx': { file: 'assets/analysis-page-4.js', imports: ['_recharts.js'] },
  '_recharts.js': { file: 'assets/recharts-5.js' },
  'src/lib/demo/demo-strava.ts': { file: 'assets/demo-strava-6.js', imports: ['_tables.js', '_react.js'] },
  '../functions/shared/analysis/analysis.ts': { file: 'assets/analysis-7.js', imports: ['_tables.js'] },
  '_tables.js': { file: 'assets/tables-8.js' },
  [REACT_DOM_START]: { file: 'assets/client-facade.js', imports: ['_react-dom.js'] },
  '_react-dom.js': { file: 'assets/react-dom-9.js', imports: ['_react.js'] },
};

const SHELL = [
  '<head>',
  '    <script type="module" crossorigin src="/assets/index-entry.js"></script>',
  '    <style>body{}</style>',
  '</head>',
].join('\n');

describe('the signed-in screens’ app preloads', () => {
  it('lists the app start’s chunk and everything it imports statically, each once, and no lazy screen', () => {
    expect(staticChunksOf(manifest, APP_START)).toEqual([
      '/assets/boot-1.js',
      '/assets/react-2.js',
      '/assets/router-3.js',
      '/assets/index-entry.js',
    ]);
    expect(() => staticChunksOf(manifest, 'src/missing.tsx')).toThrow('The build manifest has no src/missing.tsx.');
  });

  it('lists React DOM’s start (and the chunk that only re-exports it) before the app’s, each chunk once', () => {
    expect(appStartChunks(manifest)).toEqual([
      '/assets/client-facade.js',
      '/assets/react-dom-9.js',
      '/assets/react-2.js',
      '/assets/boot-1.js',
      '/assets/router-3.js',
      '/assets/index-entry.js',
    ]);
  });

  it('adds a low-priority modulepreload for each after the entry script, but none for the entry itself', () => {
    const html = withModulePreloads(SHELL, staticChunksOf(manifest, APP_START));
    const links = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link);
    expect(links).toEqual(
      ['/assets/boot-1.js', '/assets/react-2.js', '/assets/router-3.js'].map(
        (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`,
      ),
    );
    expect(html.indexOf('index-entry.js')).toBeLessThan(html.indexOf('boot-1.js'));
    expect(html).toContain('<style>body{}</style>');
    expect(() => withModulePreloads('<head></head>', [])).toThrow('index.html has no module entry script.');
  });

  it('does not link a chunk twice when Vite already preloads it for the entry', () => {
    const shell = SHELL.replace(
      '<head>',
      '<head>\n    <link rel="modulepreload" crossorigin href="/assets/react-2.js">',
    );
    const html = withModulePreloads(shell, staticChunksOf(manifest, APP_START));
    expect(html.match(/react-2\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/boot-1.js">');
  });
});

describe('the prerendered pages’ preloads', () => {
  it('turns the entry’s modulepreload links to low priority and leaves everything else as it was', () => {
    const shell = SHELL.replace(
      '<head>',
      '<head>\n    <link rel="modulepreload" crossorigin href="/assets/web-1.js">\n    <link rel="icon" href="/favicon.svg">',
    );
    const html = withLowPriorityEntryPreloads(shell);
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/web-1.js">');
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href=');
    expect(html.replace(' fetchpriority="low"', '')).toBe(shell);
  });
});

describe('a static page’s script', () => {
  it('links only the static pages’ script, naming the app’s entry for it, with no preload and no JavaScript note', () => {
    const shell = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index-entry.js"></script>',
      '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/web-1.js">',
      '    <link rel="icon" href="/favicon.svg">',
      '</head>',
      '<body><div id="root"></div>',
      '    <noscript>TrailBuddy needs JavaScript to run.</noscript>',
      '</body>',
    ].join('\n');
    expect(withStaticPageScript(shell, '/assets/static-page-1.js', 'data-app-entry')).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/static-page-1.js" data-app-entry="/assets/index-entry.js"></script>',
        '    <link rel="icon" href="/favicon.svg">',
        '</head>',
        '<body><div id="root"></div>',
        '</body>',
      ].join('\n'),
    );
    expect(() => withStaticPageScript('<head></head>', '/assets/static-page-1.js', 'data-app-entry')).toThrow(
      'index.html has no module entry script.',
    );
  });
});

describe('the screens’ chunk list in index.html', () => {
  it('names each screen’s chunk and static imports, less what the app’s start already preloads', () => {
    const chunks = screenChunksOf(
      manifest,
      { analysis: 'features/analysis/routes/analysis-page' },
      staticChunksOf(manifest, APP_START),
    );
    expect(chunks).toEqual({ analysis: ['/assets/analysis-page-4.js', '/assets/recharts-5.js'] });
    expect(() => screenChunksOf(manifest, { gone: 'features/gone/routes/gone-page' }, [])).toThrow(
      'The build manifest has no src/features/gone/routes/gone-page.tsx.',
    );
  });

  it('names the chunks of each screen’s demo areas once each, with their static imports, less the app’s own', () => {
    const chunks = chunksByScreen(
      manifest,
      {
        analysis: ['src/lib/demo/demo-strava.ts', '../functions/shared/analysis/analysis.ts'],
        profile: ['src/lib/demo/demo-strava.ts'],
        landing: undefined,
      },
      staticChunksOf(manifest, APP_START),
    );
    expect(chunks).toEqual({
      analysis: ['/assets/demo-strava-6.js', '/assets/tables-8.js', '/assets/analysis-7.js'],
      profile: ['/assets/demo-strava-6.js', '/assets/tables-8.js'],
      landing: [],
    });
    expect(() => chunksByScreen(manifest, { analysis: ['src/lib/demo/gone-demo.ts'] }, [])).toThrow(
      'The build manifest has no src/lib/demo/gone-demo.ts.',
    );
  });

  it('writes them as a JSON block before the entry script, so the entry can read it as it runs', () => {
    const html = withScreenChunks(SHELL, 'screen-chunks', { analysis: ['/assets/a.js'], x: ['</script>'] });
    const block = /<script type="application\/json" id="screen-chunks">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual({ analysis: ['/assets/a.js'], x: ['</script>'] });
    expect(html.indexOf('screen-chunks')).toBeLessThan(html.indexOf('index-entry.js'));
  });
});
