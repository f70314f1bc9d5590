import { vi } from 'vitest';

export interface CapturedDownload {
  fileName: string;
  type: string;
  text: () => Promise<string>;
}

/**
 * Catches what the page saves through a Blob and a link with `download` (web/src/lib/download-file.ts): jsdom has no
 * object URLs and downloads nothing, so the Blob and the link's file name are kept here instead.
 */
export function captureDownloads(): CapturedDownload[] {
  const downloads: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  };
  // Revoked only after the test has read it: the page revokes on its next task.
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob || !this.download) return;
    downloads.push({ fileName: this.download, type: blob.type, text: () => readText(blob) });
  });
  return downloads;
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
