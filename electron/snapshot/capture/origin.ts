/**
 * The origin of a captured snapshot: which node it was read from, at which version and when. Kept
 * as JSON in the `meta` row `origin` (docs/snapshot-format.md), so the file itself is the evidence
 * of where its data came from.
 */
import type Database from 'better-sqlite3';
import type { SnapshotOrigin } from '../../../shared/api/source-info.ts';
import { META_KEYS } from '../schema.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** The `meta.origin` text of an origin (field order fixed, for stable files). */
export function originMetaValue(origin: SnapshotOrigin): string {
  return JSON.stringify({
    node_url: origin.node_url,
    chain_id: origin.chain_id,
    ledger_version: origin.ledger_version,
    captured_at: origin.captured_at,
  });
}

/** Parses `meta.origin`; null when absent or not an origin (a generated snapshot has none). */
export function parseOrigin(text: string | undefined): SnapshotOrigin | null {
  if (text === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const {
    node_url: nodeUrl,
    chain_id: chainId,
    ledger_version: version,
    captured_at: capturedAt,
  } = json as Record<string, unknown>;
  if (
    typeof nodeUrl !== 'string' ||
    typeof chainId !== 'number' ||
    typeof version !== 'string' ||
    typeof capturedAt !== 'string'
  )
    return null;
  if (!Number.isInteger(chainId) || !isDecimalText(version)) return null;
  return { node_url: nodeUrl, chain_id: chainId, ledger_version: version, captured_at: capturedAt };
}

/** The origin recorded in an open snapshot, or null. */
export function readOrigin(db: Database.Database): SnapshotOrigin | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(META_KEYS.origin) as { value: string } | undefined;
  return parseOrigin(row?.value);
}
