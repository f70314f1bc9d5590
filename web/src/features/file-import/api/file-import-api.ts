import { FileImportBatchResult, FileImportList, type FileImportBatch } from '@shared/schemas/file-import';
import type { ApiTransport } from '@/lib/api/transport';

/** History from files: the summaries the device read, sent in batches, and the person's list of imports. */
export interface FileImportApi {
  /** The person's imports, newest first. */
  fileImports(): Promise<FileImportList>;
  /** One batch of an import; sending the same import_id and batch_index again changes nothing. */
  sendFileImportBatch(batch: FileImportBatch): Promise<FileImportBatchResult>;
  /** Removes one import and the outings it brought. */
  deleteFileImport(importId: string): Promise<void>;
  /** Removes every import from files. */
  deleteAllFileImports(): Promise<void>;
}

export function createFileImportHttpApi({ request, send }: ApiTransport): FileImportApi {
  return {
    fileImports: () => request('/imports/files', FileImportList, { auth: true }),
    sendFileImportBatch: (body) =>
      request('/imports/files', FileImportBatchResult, { auth: true, method: 'POST', body }),
    deleteFileImport: async (importId) => {
      await send(`/imports/files/${encodeURIComponent(importId)}`, { auth: true, method: 'DELETE' });
    },
    deleteAllFileImports: async () => {
      await send('/imports/files', { auth: true, method: 'DELETE' });
    },
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends FileImportApi {}
}
