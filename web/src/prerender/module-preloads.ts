/**
 * Build-time helpers of web/scripts/prerender.ts for the signed-in screens' HTML (index.html): which chunks start the
 * app, read from Vite's build manifest, and the modulepreload links that fetch them beside the entry.
 */

/** The part of Vite's build manifest (web/dist/.vite/manifest.json) read here. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The module that starts the app (web/src/boot.tsx), which the entry imports dynamically. */
export const APP_START = 'src/boot.tsx';
/** React DOM's client, which the entry imports dynamically before the app's start (its first step, in its own task). */
export const REACT_DOM_START = '../node_modules/react-dom/client.js';

/**
 * The chunks of the app's two start steps, React DOM's first, each once. React DOM's own import may be a chunk of
 * its own that only re-exports what the start's chunks bundle: unlisted, it was fetched one round trip later than
 * everything else, in the way of the first render.
 */
export function appStartChunks(manifest: BuildManifest): string[] {
  return [...new Set([REACT_DOM_START, APP_START].flatMap((source) => staticChunksOf(manifest, source)))];
}

/** How Vite's build writes, into index.html, the modulepreload of each chunk the entry imports (up to its href). */
const VITE_ENTRY_PRELOAD = '<link rel="modulepreload" crossorigin href=';
/** The same link at low priority, as this module writes (or rewrites) it (up to its href). */
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" crossorigin fetchpriority="low" href=';

/** Site paths of `source`'s chunk and every chunk it imports statically, from Vite's build manifest. */
export function staticChunksOf(manifest: BuildManifest, source: string): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.includes(`/${entry.file}`)) return;
    files.push(`/${entry.file}`);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(source);
  if (files.length === 0) throw new Error(`The build manifest has no ${source}.`);
  return files;
}

/**
 * The shell with low-priority modulepreload links for `scripts` (but its entry script): a signed-in screen needs the
 * app at once to show its data, so its chunks download beside the entry rather than after it has run, without
 * competing with the first paint. The prerendered pages do not get them: they fetch the app after their first paint.
 * A chunk the shell already preloads (Vite's links for the entry's imports) is not linked twice.
 */
export function withModulePreloads(shell: string, scripts: readonly string[]): string {
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(shell);
  if (!entry) throw new Error('index.html has no module entry script.');
  const links = scripts
    .filter((script) => script !== entry[1] && !shell.includes(`${VITE_ENTRY_PRELOAD}"${script}"`))
    .map((script) => `\n    ${LOW_PRIORITY_PRELOAD}"${script}">`)
    .join('');
  return shell.replace(entry[0], () => `${entry[0]}${links}`);
}

/**
 * The shell with the modulepreload links Vite writes for the chunks the entry imports set to low priority, for the
 * prerendered pages: they paint from their HTML and start the app after that paint, so those chunks must not compete
 * with it (a signed-in screen keeps them high: it needs them at once).
 */
export function withLowPriorityEntryPreloads(shell: string): string {
  return shell.replaceAll(VITE_ENTRY_PRELOAD, LOW_PRIORITY_PRELOAD);
}

/**
 * Each screen's chunks (its module's chunk and static imports, from the manifest) less those the app's start already
 * preloads: what index.html lists for the entry to preload once it knows the path (web/src/app/screens.ts).
 */
export function screenChunksOf(
  manifest: BuildManifest,
  screenModules: Readonly<Record<string, string>>,
  preloaded: readonly string[],
): Record<string, string[]> {
  const modules = Object.entries(screenModules).map(([page, module]) => [page, [`src/${module}.tsx`]] as const);
  return chunksByScreen(manifest, Object.fromEntries(modules), preloaded);
}

/**
 * For each screen, its modules' chunks (modules as the manifest names them) and their static imports, once each, less
 * `preloaded`: what index.html lists for the entry to preload, for the screens themselves (screenChunksOf) and for
 * their demo areas in demo mode (web/src/app/demo-areas.ts).
 */
export function chunksByScreen(
  manifest: BuildManifest,
  modulesByScreen: Readonly<Record<string, readonly string[] | undefined>>,
  preloaded: readonly string[],
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(modulesByScreen).map(([page, modules = []]) => [
      page,
      [...new Set(modules.flatMap((module) => staticChunksOf(manifest, module)))].filter(
        (file) => !preloaded.includes(file),
      ),
    ]),
  );
}

/** The shell with a JSON block (data, not script: the CSP allows it) holding `chunks` before its entry script. */
export function withScreenChunks(shell: string, id: string, chunks: Record<string, string[]>): string {
  const entry = /<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/.exec(shell);
  if (!entry) throw new Error('index.html has no module entry script.');
  const json = JSON.stringify(chunks).replace(/</g, '\\u003c');
  return shell.replace(entry[0], () => `<script type="application/json" id="${id}">${json}</script>\n    ${entry[0]}`);
}

/**
 * The shell of a static page: its module entry swapped for the static pages' script `staticScript`, which holds the
 * entry's address in `appEntryAttribute` (it loads the app only for a signed-in or demo visitor), and no modulepreload
 * link, so a signed-out visitor downloads none of the app; nor index.html's note that the app needs JavaScript, which
 * a static page does not.
 */
export function withStaticPageScript(shell: string, staticScript: string, appEntryAttribute: string): string {
  const entry = /<script type="module"([^>]*) src="([^"]+)"([^>]*)><\/script>/.exec(shell);
  if (!entry) throw new Error('index.html has no module entry script.');
  const [tag, before, appEntry, after] = entry;
  return shell
    .replace(
      tag,
      () => `<script type="module"${before} src="${staticScript}" ${appEntryAttribute}="${appEntry}"${after}></script>`,
    )
    .replace(/\n?[ \t]*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\n?[ \t]*<noscript>[^<]*<\/noscript>/, '');
}
