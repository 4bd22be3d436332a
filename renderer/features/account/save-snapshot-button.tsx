/**
 * "Save to snapshot": asks the source to capture this account as of the shown version into a
 * snapshot file (`POST /explorer/v1/capture`) and shows the saved file's name and folder, or the error record
 * the source answered (a snapshot source, for instance, has nothing to capture from).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { ErrorView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';

/** Props of {@link SaveSnapshotButton}. */
export interface SaveSnapshotButtonProps {
  readonly address: string;
  /** The effective ledger version (the button waits for it). */
  readonly version: string | undefined;
}

/** The capture answer (`201 {"file", "name", "bytes", "ledger_version"}`). */
interface CaptureJson {
  readonly file?: string;
  readonly name?: string;
  readonly bytes?: number;
}

/** The saved file's name. */
function savedName(body: CaptureJson): string {
  return body.name ?? body.file ?? JSON.stringify(body);
}

/**
 * The folder the file was saved in: the full path (`file`) without its last segment, either
 * separator (the source may run on Windows); undefined when the answer has no path.
 */
function savedFolder(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  if (cut < 0) return undefined;
  // A file at the root keeps its separator as the folder ("/", "C:\").
  return cut === 0 || file[cut - 1] === ':' ? file.slice(0, cut + 1) : file.slice(0, cut);
}

/** The capture button with its outcome. */
export function SaveSnapshotButton({ address, version }: SaveSnapshotButtonProps): ReactNode {
  const capture = useMutation({
    mutationFn: (at: string) =>
      request(ENDPOINTS.explorerCapture, {
        body: { accounts: [address], ledger_version: at },
      }),
  });
  const folder = capture.isSuccess ? savedFolder(capture.data.body.file) : undefined;
  return (
    <div className="save-snapshot">
      <button
        type="button"
        disabled={version === undefined || capture.isPending}
        onClick={() => version !== undefined && capture.mutate(version)}
      >
        {capture.isPending ? 'Saving…' : 'Save to snapshot'}
      </button>
      {capture.isSuccess && (
        <span role="status" className="save-snapshot-result">
          Saved <code title={capture.data.body.file}>{savedName(capture.data.body)}</code>
          {/* The name stays the one <code> of the line: the folder is plain monospace text. */}
          {folder !== undefined && (
            <>
              {' in '}
              <span className="mono save-snapshot-folder">{folder}</span>
            </>
          )}
          {capture.data.body.bytes !== undefined &&
            ` (${capture.data.body.bytes.toLocaleString('en-US')} ${plural(capture.data.body.bytes, 'byte')})`}
        </span>
      )}
      {capture.isError && <ErrorView error={capture.error} onRetry={() => capture.reset()} />}
    </div>
  );
}
