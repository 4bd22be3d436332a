/**
 * Captures what the export menu saves on the browser path (a Blob handed to a download anchor):
 * the test reads the Blobs and file names instead of a real download. Restored by
 * `vi.restoreAllMocks()` after each test.
 */
import { vi } from 'vitest';

/** The saved Blobs and their download names, in order. */
export interface CapturedDownloads {
  readonly blobs: Blob[];
  readonly names: string[];
}

/** Starts capturing downloads for the current test. */
export function captureDownloads(): CapturedDownloads {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}
