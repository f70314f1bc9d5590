import type { FileActivitySummary, FileDailySteps } from '@shared/schemas/file-import';
import { countedChunks, gunzipChunks, isGzipName, textChunks, type ByteChunks } from './bytes';
import { FileImportError } from './errors';
import { collectFitBytes } from './fit-bytes';
import { summariseAppleExport } from './apple-export';
import { summariseTrackXml } from './track-xml';

export interface FileImportProgress {
  bytesRead: number;
  activitiesFound: number;
}

export interface ParseOptions {
  signal?: AbortSignal;
  onProgress?: (progress: FileImportProgress) => void;
  /** Which kind of export an archive turned out to be, once its listing is read. */
  onArchiveKind?: (kind: 'strava_archive' | 'apple_export' | 'garmin_archive') => void;
}

export interface ParsedFile {
  activities: FileActivitySummary[];
  dailySteps: FileDailySteps[];
  /** Files inside an archive that could not be read, passed over so the rest still counts. */
  skipped: { name: string; message: string }[];
}

/** The kinds of single file read here, by name with any .gz removed. */
export function activityFileKind(fileName: string): 'gpx' | 'tcx' | 'fit' | 'apple' | null {
  const name = fileName.toLowerCase().replace(/\.gz$/, '');
  if (name === 'export.xml' || name.endsWith('/export.xml')) return 'apple';
  if (name.endsWith('.gpx')) return 'gpx';
  if (name.endsWith('.tcx')) return 'tcx';
  if (name.endsWith('.fit')) return 'fit';
  return null;
}

/**
 * Reads one file as its bytes arrive and returns the summaries in it. Pure and streaming: it runs in the Web Worker and
 * in Node alike, and holds running totals, never the whole file.
 */
export async function parseFile(chunks: ByteChunks, fileName: string, options: ParseOptions = {}): Promise<ParsedFile> {
  const kind = activityFileKind(fileName);
  if (kind === null) {
    throw new FileImportError(
      'unsupported',
      `${fileName} is not a file this import reads (.gpx, .tcx or .fit, also gzipped; Apple Health's export.xml; or a .zip export).`,
    );
  }
  let bytesRead = 0;
  let activitiesFound = 0;
  const counted = countedChunks(chunks, {
    signal: options.signal,
    onBytes: (bytes) => {
      bytesRead = bytes;
      options.onProgress?.({ bytesRead, activitiesFound });
    },
  });
  const plain = isGzipName(fileName) ? gunzipChunks(counted) : counted;
  if (kind === 'apple') {
    const found = await summariseAppleExport(textChunks(plain), {
      signal: options.signal,
      onActivity: (found) => {
        activitiesFound = found;
        options.onProgress?.({ bytesRead, activitiesFound });
      },
    });
    options.onProgress?.({ bytesRead, activitiesFound: found.activities.length });
    return { ...found, skipped: [] };
  }
  const activities =
    kind === 'fit'
      ? // The FIT SDK is large: it loads only when a FIT file is read.
        (await import('./fit')).summariseFit(await collectFitBytes(plain, options.signal), fileName)
      : await summariseTrackXml(textChunks(plain), { signal: options.signal });
  options.onProgress?.({ bytesRead, activitiesFound: activities.length });
  return { activities, dailySteps: [], skipped: [] };
}
