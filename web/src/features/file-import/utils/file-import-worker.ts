import type { FileImportReply, FileImportRequest } from '../worker';

/** What the screen needs of the worker that reads files (a real Worker, or a stand-in in tests). */
export interface FileImportWorker {
  postMessage(request: FileImportRequest): void;
  onmessage: ((event: MessageEvent<FileImportReply>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

export type CreateFileImportWorker = () => FileImportWorker;

/** The parsers and their libraries live in the worker's own chunk: they load only when a file is chosen here. */
export const createFileImportWorker: CreateFileImportWorker = () =>
  new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' }) as FileImportWorker;
