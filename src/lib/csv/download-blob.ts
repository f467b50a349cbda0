/**
 * How long the object URL outlives the click. Revoking it at once can cancel the download in
 * some browsers (it starts asynchronously); FileSaver.js waits 40 s for the same reason.
 */
const REVOKE_DELAY_MS = 40_000;

/** Save a Blob as a file through a temporary `<a download>` link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  // Older Firefox versions only follow a clicked link that is attached to the document.
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
  }
}
