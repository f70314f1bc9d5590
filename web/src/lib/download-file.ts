/**
 * Saves `content` as a file in the person's downloads: a Blob behind a temporary link with `download`, clicked and
 * removed. The object URL is revoked on the next task, once the browser has started the download.
 */
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
