/**
 * The only script of a static prerendered page (landing, terms, not found: web/src/prerender/pages.ts), a few hundred
 * bytes: the page is read and navigated from its HTML (links load the page they name, the phone menu is a native
 * disclosure), so a signed-out visitor never downloads the app there. A signed-in or demo visitor sees their own
 * header even on a static page, which only the app knows: for them it loads the app's entry, whose address the
 * prerender writes on this script's tag (web/scripts/prerender.ts).
 */
import { demoAtStart } from './lib/auth/demo-mode';
import { amplifyNeededAtBoot } from './lib/auth/lazy-auth-service';
import { readableLocalStorage } from './lib/readable-storage';
import { wireStaticMenu } from './lib/static-menu';
import { APP_ENTRY_ATTRIBUTE } from './prerender/static-page-mark';

const search = window.location.search;
const appEntry = document.querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`)?.getAttribute(APP_ENTRY_ATTRIBUTE);

if (appEntry && (demoAtStart(search) || amplifyNeededAtBoot(readableLocalStorage(), search)))
  void import(/* @vite-ignore */ appEntry);
else wireStaticMenu(document);
