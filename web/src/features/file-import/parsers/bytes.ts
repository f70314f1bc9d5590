import { FileImportError, throwIfCancelled } from './errors';

export type ByteChunks = AsyncIterable<Uint8Array>;

export interface ReadOptions {
  signal?: AbortSignal;
  /** Bytes of the file read so far (compressed bytes for a .gz file). */
  onBytes?: (bytesRead: number) => void;
}

/** Counts the bytes as they pass, and stops between chunks once cancelled. */
export async function* countedChunks(chunks: ByteChunks, options: ReadOptions): ByteChunks {
  let bytesRead = 0;
  for await (const chunk of chunks) {
    throwIfCancelled(options.signal);
    bytesRead += chunk.byteLength;
    options.onBytes?.(bytesRead);
    yield chunk;
  }
  throwIfCancelled(options.signal);
}

/** Gunzips chunk by chunk with the platform's DecompressionStream (browsers and Node 20 both have it). */
export async function* gunzipChunks(chunks: ByteChunks): ByteChunks {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const pump = (async () => {
    try {
      for await (const chunk of chunks) await writer.write(chunk as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch (error) {
      // Without this the reader below would wait forever for bytes that will not come.
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  // The reader's error (a corrupt or cut-off gzip) is the one to report; the pump only mirrors it.
  pump.catch(() => undefined);
  const reader = stream.readable.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
  } catch (error) {
    if (error instanceof FileImportError) throw error;
    throw new FileImportError(
      'truncated',
      'The compressed file is damaged or cut off (gzip could not be read to its end).',
    );
  } finally {
    reader.releaseLock();
  }
  await pump;
}

/** Decodes UTF-8 text chunk by chunk (a character split between chunks is kept for the next one). */
export async function* textChunks(chunks: ByteChunks): AsyncIterable<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export function isGzipName(fileName: string): boolean {
  return /\.gz$/i.test(fileName);
}
