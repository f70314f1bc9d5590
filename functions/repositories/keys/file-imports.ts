/**
 * activities and rateLimits: outings and step days read from the person's own files, one header per import, a
 * marker per stored batch, and request windows (table in functions/repositories/file-imports.ts).
 */
export const FILE_IMPORT_SK_PREFIX = 'FILE_IMPORT#';
export const FILE_CONTENT_SK_PREFIX = 'FILE#';

export const fileImportKeys = {
  fileImport: (userId: string, importId: string) => ({ pk: `USER#${userId}`, sk: `FILE_IMPORT#${importId}` }),
  fileImportBatch: (userId: string, importId: string, batchIndex: number) => ({
    pk: `USER#${userId}`,
    sk: `FILE#${importId}#BATCH#${batchIndex}`,
  }),
  fileActivity: (userId: string, importId: string, startTime: string, activityType: string) => ({
    pk: `USER#${userId}`,
    sk: `FILE#${importId}#ACT#${startTime}#${activityType}`,
  }),
  fileStepDay: (userId: string, importId: string, date: string) => ({
    pk: `USER#${userId}`,
    sk: `FILE#${importId}#STEPS#${date}`,
  }),
  /** Everything of one import but its header, or (no import) of every import. */
  fileContentOf: (userId: string, importId?: string) => ({
    pk: `USER#${userId}`,
    skPrefix: importId === undefined ? FILE_CONTENT_SK_PREFIX : `${FILE_CONTENT_SK_PREFIX}${importId}#`,
  }),
  fileImportsOf: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: FILE_IMPORT_SK_PREFIX }),
  fileImportWindow: (userId: string, windowStart: string) => ({
    pk: `USER#${userId}`,
    sk: `FILE_IMPORT_WINDOW#${windowStart}`,
  }),
} as const;
