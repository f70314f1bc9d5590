import type { ByteChunks } from './bytes';
import { parseFile, type ParsedFile, type ParseOptions } from './parse-file';

export const isArchiveName = (fileName: string): boolean => fileName.toLowerCase().endsWith('.zip');

export async function* blobChunks(blob: Blob): ByteChunks {
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * One file the person chose: a whole export (.zip) is read entry by entry from the file itself (the zip's listing
 * gives each entry's place, so nothing is copied whole); any other file streams through parseFile.
 */
export async function parseUpload(file: Blob, fileName: string, options: ParseOptions = {}): Promise<ParsedFile> {
  if (isArchiveName(fileName)) {
    // The zip reader loads only when an archive is chosen.
    const { parseArchive } = await import('./archive');
    return parseArchive(file, fileName, options);
  }
  return parseFile(blobChunks(file), fileName, options);
}
