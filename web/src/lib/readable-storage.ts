/** localStorage, unless the browser refuses it (privacy modes); then there is no stored session to find. */
export function readableLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
