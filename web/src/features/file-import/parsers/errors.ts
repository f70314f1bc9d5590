/** Why a file could not be read, in words the person can act on. */
export class FileImportError extends Error {
  constructor(
    readonly code: 'empty' | 'malformed' | 'truncated' | 'too_large' | 'cancelled' | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'FileImportError';
  }
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new FileImportError('cancelled', 'The import was cancelled.');
}
