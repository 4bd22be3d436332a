/**
 * `GET /explorer/v1/source`: what the UI is looking at. Answered by the snapshot service (a local
 * file) and by the remote proxy (a node URL); the status bar and the window title show it.
 */

/** Where a snapshot's data came from when it was captured from a node (`snapshot capture`). */
export interface SnapshotOrigin {
  readonly node_url: string;
  readonly chain_id: number;
  readonly ledger_version: string;
  readonly captured_at: string;
}

/** The data source behind `/v1`, as the explorer API describes it. */
export type SourceInfo =
  | {
      readonly kind: 'snapshot';
      /** The snapshot file's name (no folder). */
      readonly name: string;
      /** Set for snapshots captured from a remote node. */
      readonly origin: SnapshotOrigin | null;
    }
  | {
      readonly kind: 'remote';
      /** Profile name (`mainnet`…) or the node URL's host. */
      readonly name: string;
      /** The node's API base URL (ends in `/v1`). */
      readonly url: string;
      /** Outcome of the proxy's latest request to the node. */
      readonly health: { readonly ok: boolean; readonly checked_at: string; readonly message: string | null };
    };
