/**
 * Sentences built from data: names joined as people read them, and a sentence that ends once even when it ends with
 * something a person typed ("Ben K.", "Tour de Grouse!"). The server's emails and the browser's messages both use
 * these, so the same data reads the same everywhere.
 */

/** "Alice W.", "Alice W. and Ben K.", "Alice W., Ben K. and Cara L."; "" for nobody. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** The text with one closing mark: a period unless it already ends with '.', '!', '?' or '…'. */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
