import { FileActivitySummary, type FileImportKind } from '@shared/schemas/file-import';
import type { ByteChunks } from './bytes';
import { activityFileKind, parseFile, type ParsedFile, type ParseOptions } from './parse-file';

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
  return (await parseUploadWithKind(file, fileName, options)).parsed;
}

/** parseUpload, also saying which kind of upload the file was (the list of imports names each by it). */
export async function parseUploadWithKind(
  file: Blob,
  fileName: string,
  options: ParseOptions = {},
): Promise<{ parsed: ParsedFile; kind: FileImportKind }> {
  if (isArchiveName(fileName)) {
    let kind: FileImportKind = 'garmin_archive';
    const parsed = await parseUploadOnce(file, fileName, {
      ...options,
      onArchiveKind: (found) => {
        kind = found;
        options.onArchiveKind?.(found);
      },
    });
    return { parsed: sendable(parsed, fileName), kind };
  }
  const parsed = await parseUploadOnce(file, fileName, options);
  const single = activityFileKind(fileName);
  return { parsed: sendable(parsed, fileName), kind: single === 'apple' || single === null ? 'apple_export' : single };
}

/**
 * Only outings the import route takes (its schema bounds each value): one with a value no outing has (a month-long
 * duration, a corrupt distance) is listed as skipped instead of failing the whole batch it would travel in.
 */
function sendable(parsed: ParsedFile, fileName: string): ParsedFile {
  const activities: ParsedFile['activities'] = [];
  const skipped = [...parsed.skipped];
  for (const activity of parsed.activities) {
    const checked = FileActivitySummary.safeParse(activity);
    if (checked.success) activities.push(checked.data);
    else
      skipped.push({
        name: `${fileName}: ${activity.activity_type} on ${activity.start_time.slice(0, 10)}`,
        message: 'This outing has a value no outing could have, so it was left out.',
      });
  }
  return { ...parsed, activities, skipped };
}

async function parseUploadOnce(file: Blob, fileName: string, options: ParseOptions): Promise<ParsedFile> {
  if (isArchiveName(fileName)) {
    // The zip reader loads only when an archive is chosen.
    const { parseArchive } = await import('./archive');
    return parseArchive(file, fileName, options);
  }
  return parseFile(blobChunks(file), fileName, options);
}
