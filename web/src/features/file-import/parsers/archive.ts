import { BlobReader, ZipReader, configure, type Entry, type FileEntry } from '@zip.js/zip.js';
import type { FileActivitySummary } from '@shared/schemas/file-import';
import { FileImportError, throwIfCancelled } from './errors';
import type { ByteChunks } from './bytes';
import { activityFileKind, parseFile, type ParsedFile, type ParseOptions } from './parse-file';
import { stravaArchiveSummaries } from './strava-archive';

// Parsing already runs in a Web Worker: zip.js starting workers of its own would only add copies.
configure({ useWebWorkers: false });

/**
 * Zip-bomb caps. An entry is read as it inflates and stopped once it holds more than MAX_INFLATE_RATIO times its
 * compressed size (text compresses about 10:1, FIT about 2:1; a bomb is 1000:1 or more) or MAX_ENTRY_BYTES, whichever
 * is smaller, whatever size its header claims. The listing itself is capped too.
 */
export const MAX_INFLATE_RATIO = 100;
export const MIN_ENTRY_ALLOWANCE_BYTES = 1024 * 1024;
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024 * 1024;
export const MAX_ENTRIES = 200_000;

const STRAVA_SUMMARY = /^(?:[^/]+\/)?activities\.csv$/i;
const APPLE_EXPORT = /^(?:[^/]+\/)?export\.xml$/i;

function allowanceOf(entry: FileEntry): number {
  return Math.min(MAX_ENTRY_BYTES, Math.max(MIN_ENTRY_ALLOWANCE_BYTES, entry.compressedSize * MAX_INFLATE_RATIO));
}

/** An entry's inflated bytes as they come, stopped at its allowance (see MAX_INFLATE_RATIO). */
export async function* entryChunks(entry: FileEntry, signal?: AbortSignal): ByteChunks {
  const allowance = allowanceOf(entry);
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const writing = entry.getData(pipe.writable, { signal }).catch((error: unknown) => error);
  const reader = pipe.readable.getReader();
  let inflated = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      inflated += value.byteLength;
      if (inflated > allowance)
        throw new FileImportError(
          'too_large',
          `${entry.filename} inflates to more than ${allowance.toLocaleString('en-CA')} bytes: the archive looks damaged or built to overwhelm readers.`,
        );
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const failure = await writing;
  if (failure instanceof Error) {
    throwIfCancelled(signal);
    throw new FileImportError('truncated', `${entry.filename} in the archive is damaged or cut off.`);
  }
}

async function entryText(entry: FileEntry, signal?: AbortSignal): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of entryChunks(entry, signal)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

async function entriesOf(zip: Blob, fileName: string): Promise<FileEntry[]> {
  const reader = new ZipReader(new BlobReader(zip));
  let entries: Entry[];
  try {
    entries = await reader.getEntries();
  } catch {
    throw new FileImportError('malformed', `${fileName} is not a zip archive this import can read, or it is cut off.`);
  } finally {
    await reader.close().catch(() => undefined);
  }
  if (entries.length > MAX_ENTRIES)
    throw new FileImportError('too_large', `${fileName} lists more than ${MAX_ENTRIES.toLocaleString('en-CA')} files.`);
  return entries.filter((entry): entry is FileEntry => !entry.directory);
}

/**
 * A whole export: Strava's "Download your data" archive (its activities.csv lists every activity, the files beside it
 * add nothing the summary needs), Apple Health's export.zip (its export.xml; the route files beside it stay unread),
 * or any archive of activity files (Garmin Connect's export: .fit files), each file read as it inflates.
 */
export async function parseArchive(zip: Blob, fileName: string, options: ParseOptions = {}): Promise<ParsedFile> {
  if (zip.size === 0) throw new FileImportError('empty', `${fileName} is empty.`);
  const entries = await entriesOf(zip, fileName);
  const report = (bytesRead: number, activitiesFound: number) =>
    options.onProgress?.({ bytesRead: Math.min(bytesRead, zip.size), activitiesFound });

  const stravaSummary = entries.find((entry) => STRAVA_SUMMARY.test(entry.filename));
  if (stravaSummary) {
    options.onArchiveKind?.('strava_archive');
    const activities = stravaArchiveSummaries(await entryText(stravaSummary, options.signal));
    report(zip.size, activities.length);
    return { activities, dailySteps: [], skipped: [] };
  }

  const appleExport = entries.find((entry) => APPLE_EXPORT.test(entry.filename));
  if (appleExport) {
    options.onArchiveKind?.('apple_export');
    // Progress in the archive's own bytes: the share of the entry inflated so far, of its compressed size.
    const scale = appleExport.uncompressedSize > 0 ? appleExport.compressedSize / appleExport.uncompressedSize : 0;
    const parsed = await parseFile(entryChunks(appleExport, options.signal), 'export.xml', {
      signal: options.signal,
      onProgress: ({ bytesRead, activitiesFound }) => report(bytesRead * scale, activitiesFound),
    });
    report(zip.size, parsed.activities.length);
    return parsed;
  }

  const activityEntries = entries.filter((entry) => {
    const kind = activityFileKind(entry.filename);
    return kind !== null && kind !== 'apple';
  });
  if (activityEntries.length === 0)
    throw new FileImportError(
      'unsupported',
      `${fileName} holds no activity files (.fit, .gpx or .tcx) and no Strava activities.csv.`,
    );
  options.onArchiveKind?.('garmin_archive');
  const activities: FileActivitySummary[] = [];
  const skipped: ParsedFile['skipped'] = [];
  let bytesRead = 0;
  for (const entry of activityEntries) {
    throwIfCancelled(options.signal);
    const name = entry.filename.split('/').pop() ?? entry.filename;
    try {
      const parsed = await parseFile(entryChunks(entry, options.signal), name, { signal: options.signal });
      activities.push(...parsed.activities);
    } catch (error) {
      // One damaged recording among hundreds is reported and passed over; a bomb or a cancel ends the archive.
      if (!(error instanceof FileImportError) || error.code === 'too_large' || error.code === 'cancelled') throw error;
      skipped.push({ name: entry.filename, message: error.message });
    }
    bytesRead += entry.compressedSize;
    report(bytesRead, activities.length);
  }
  report(zip.size, activities.length);
  return { activities, dailySteps: [], skipped };
}
