import { Blob } from 'node:buffer';
import { expect } from 'vitest';
import { FileImportError } from '@/features/file-import/parsers/errors';

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The file as a stream of small chunks, so tags, numbers, records and characters are split between chunks. */
export async function* chunked(bytes: Uint8Array, size = 37): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const parts: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

/** The error a read ended with; fails the test when it did not end in a FileImportError. */
export async function readError(promise: Promise<unknown>): Promise<FileImportError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FileImportError);
  return error as FileImportError;
}

/** A file as the worker gets it. jsdom's Blob has no stream(); Node's has, like the browser's File. */
export const fileOf = (...parts: (string | Uint8Array | ArrayBuffer)[]): globalThis.Blob =>
  new Blob(parts) as unknown as globalThis.Blob;
