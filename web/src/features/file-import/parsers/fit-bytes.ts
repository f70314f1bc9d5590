import type { ByteChunks } from './bytes';
import { FileImportError, throwIfCancelled } from './errors';

/**
 * A FIT file is decoded whole (the SDK reads from one buffer), so its size is capped. A day-long activity recorded every
 * second is a few MB; this leaves room for multi-day recordings and refuses a bomb before it is held.
 */
export const MAX_FIT_BYTES = 64 * 1024 * 1024;

/** The file's bytes in one buffer, refusing more than MAX_FIT_BYTES as they arrive. */
export async function collectFitBytes(chunks: ByteChunks, signal?: AbortSignal): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    throwIfCancelled(signal);
    total += chunk.byteLength;
    if (total > MAX_FIT_BYTES)
      throw new FileImportError(
        'too_large',
        `The FIT file is larger than ${MAX_FIT_BYTES / 1024 / 1024} MB, more than any activity recording holds.`,
      );
    parts.push(chunk);
  }
  const bytes = new Uint8Array(total);
  parts.reduce((at, part) => (bytes.set(part, at), at + part.byteLength), 0);
  return bytes;
}
