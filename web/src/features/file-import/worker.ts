import { FileImportError } from './parsers/errors';
import type { FileImportProgress, ParsedFile } from './parsers/parse-file';
import type { FileImportKind } from '@shared/schemas/file-import';
import { parseUploadWithKind } from './parsers/parse-upload';

/** What the page sends the worker: a file to read, or a cancel of the one being read. */
export type FileImportRequest = { kind: 'parse'; file: File } | { kind: 'cancel' };

/** What the worker answers. */
export type FileImportReply =
  | { kind: 'progress'; progress: FileImportProgress }
  | { kind: 'done'; result: ParsedFile; fileKind: FileImportKind }
  | { kind: 'error'; code: FileImportError['code']; message: string };

/** Wires the parsing core to a worker's messages; separate from the global scope so a test can drive it. */
export function handleFileImportMessages(scope: {
  postMessage: (reply: FileImportReply) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent<FileImportRequest>) => void) => void;
}): void {
  let current: AbortController | null = null;
  scope.addEventListener('message', (event) => {
    const request = event.data;
    if (request.kind === 'cancel') {
      current?.abort();
      return;
    }
    current?.abort();
    const controller = new AbortController();
    current = controller;
    parseUploadWithKind(request.file, request.file.name, {
      signal: controller.signal,
      onProgress: (progress) => scope.postMessage({ kind: 'progress', progress }),
    }).then(
      ({ parsed, kind }) => scope.postMessage({ kind: 'done', result: parsed, fileKind: kind }),
      (error: unknown) =>
        scope.postMessage(
          error instanceof FileImportError
            ? { kind: 'error', code: error.code, message: error.message }
            : { kind: 'error', code: 'malformed', message: 'The file could not be read.' },
        ),
    );
  });
}

// Only inside a worker (which has importScripts) does the module listen; imported by a test it just exports.
if ('importScripts' in globalThis) {
  handleFileImportMessages(globalThis as unknown as Parameters<typeof handleFileImportMessages>[0]);
}
