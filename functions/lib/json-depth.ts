/**
 * How deeply a JSON text nests, read in one linear pass without recursion, so a body of tens of
 * thousands of `[` or `{` levels is refused before JSON.parse or any recursive reader sees it.
 */

/** Deepest nesting of arrays and objects any JSON the app reads may have (real payloads stay under 10). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/** True when `text` opens more than `maxDepth` arrays/objects inside one another (string contents ignored). */
export function jsonNestsDeeperThan(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > maxDepth) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}
