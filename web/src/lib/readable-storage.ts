/** localStorage, unless the browser refuses it (privacy modes); then there is no stored session to find. */
export function readableLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The keys of `storage` that start with `prefix`, read whole first (removing keys while reading them skips some). */
export function storageKeysStartingWith(storage: Pick<Storage, 'length' | 'key'>, prefix: string): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key?.startsWith(prefix) ?? false,
  );
}

/** Removes every key of `storage` that starts with `prefix`; answers how many there were. */
export function removeStorageKeysStartingWith(storage: Storage, prefix: string): number {
  const keys = storageKeysStartingWith(storage, prefix);
  for (const key of keys) storage.removeItem(key);
  return keys.length;
}
