/**
 * Writes captured data as a snapshot (format v2) with the project's one snapshot writer (built under a
 * temporary name, renamed into place only when complete). The captured version V is both the
 * oldest and the latest version: reads at V answer as the source did, earlier versions are
 * "pruned" (410), which is the truth of a capture. Resources and table items are written at V;
 * module code and ABIs at version 0, so events emitted before V decode too (Move upgrades never
 * change a published struct's layout). Objects' resources are written as their `ObjectGroup` (one key per group).
 * The transactions of the captured window kept in full (capture-window.ts) are written with their events and their
 * write sets (in `captured_write_sets`: history, never state). `meta.origin` records where and when it was read.
 */
import { DEFAULT_NODE_SETTINGS } from '../node-settings.ts';
import { META_KEYS } from '../schema.ts';
import { SnapshotWriter } from '../snapshot-writer.ts';
import { systemTransactionRow } from '../snapshot-rows.ts';
import { moduleStateKey, resourceGroupStateKey, resourceStateKey, tableItemStateKey } from '../state-keys.ts';
import { encodeResourceGroup } from '../../../shared/resource-group.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { splitObjectGroups } from './resource-groups.ts';
import type { CaptureData, CapturedFullTransaction } from './capture-types.ts';
import { formatAddress } from '../../../shared/address.ts';
import { originMetaValue } from './origin.ts';
import { NO_PROGRESS, type Progress } from '../progress.ts';

/** Generator text of captured snapshots (`meta.generator`). */
export const CAPTURE_GENERATOR = 'ledger-explorer snapshot capture';

/** Writes one transaction kept in full: the ABIs it published, its write set, its events, then its rows. */
function writeFullTransaction(writer: SnapshotWriter, kept: CapturedFullTransaction, abis: Set<string>): void {
  const version = Number(kept.version);
  for (const module of kept.modules) {
    const id = `${formatAddress(module.address)}::${module.name}@${version}`;
    if (abis.has(id)) continue;
    abis.add(id);
    writer.module(module.address, module.name, version, JSON.stringify(module.abi));
  }
  let position = 0;
  for (const op of kept.writeSet)
    writer.capturedWriteOp(version, position++, op.stateKey, op.value, op.op, op.metadata);
  writer.capturedTransaction(version, kept.transactionBytes);
  kept.events.forEach((event, index) => {
    if (event.stream === undefined) writer.moduleEvent(version, index, event.typeTag, event.data);
    else
      writer.event(
        event.stream.address,
        Number(event.stream.creationNumber),
        Number(event.stream.sequenceNumber),
        version,
        index,
        event.typeTag,
        event.data,
      );
  });
  writer.transaction(kept.row, kept.details);
}

/**
 * Writes `data` to `out` (atomically); throws when the file cannot be written, and an
 * OutputExistsError when `out` exists (a capture never replaces a file, even one made meanwhile).
 */
export function writeCapture(data: CaptureData, out: string, progress: Progress = NO_PROGRESS): void {
  const version = Number(data.version);
  progress.phase(`capturing: writing ${out}`);
  const writer = new SnapshotWriter(out, { capturedWriteSets: true, progress });
  try {
    for (const module of data.modules) {
      writer.module(module.address, module.name, 0, JSON.stringify(module.abi));
      writer.stateValue(moduleStateKey(module.address, module.name), 0, module.bytecode);
    }
    for (const address of data.accounts) writer.account(address, version);
    const { plain, groups } = splitObjectGroups(data.resources);
    for (const resource of plain)
      writer.stateValue(resourceStateKey(resource.address, resource.tag), version, resource.bytes);
    const objectGroup = parseStructTag('0x1::object::ObjectGroup');
    for (const group of groups.values())
      writer.stateValue(
        resourceGroupStateKey(group.address, objectGroup),
        version,
        encodeResourceGroup(group.members.map((member) => ({ tag: member.tag, bytes: member.bytes }))),
      );
    for (const table of data.tables)
      writer.tableInfo(table.handle, table.keyType, table.valueType, table.owner, version);
    for (const item of data.tableItems)
      writer.stateValue(tableItemStateKey(item.handle, item.key), version, item.value);
    // The transactions kept in full bring their own events (with their indexes): a captured stream's event at one
    // of their versions is among them.
    const full = new Set(data.transactions.map((kept) => kept.version));
    for (const event of data.events) {
      if (full.has(event.version)) continue;
      writer.event(
        event.address,
        Number(event.creationNumber),
        Number(event.sequenceNumber),
        Number(event.version),
        0,
        event.typeTag,
        event.data,
      );
    }
    const block = data.block;
    const seen = new Set<bigint>();
    const abis = new Set(data.modules.map((module) => `${formatAddress(module.address)}::${module.name}@0`));
    for (const kept of data.transactions) writeFullTransaction(writer, kept, abis);
    for (const kept of data.transactions) seen.add(kept.version);
    for (const notKept of data.notKept) writer.capturedNotKept(Number(notKept.version), notKept.reason);
    for (const summary of data.summaries) {
      if (seen.has(summary.version)) continue;
      seen.add(summary.version);
      const protector = summary.replayProtector;
      writer.transaction({
        version: Number(summary.version),
        // Only the summary is known of these transactions: no block, gas or time of their own.
        blockHeight: Number(block.height),
        hash: summary.hash,
        kind: 'user',
        sender: summary.sender,
        sequenceNumber: protector.type === 'sequence_number' ? Number(protector.value) : null,
        nonce: protector.type === 'nonce' ? Number(protector.value) : null,
        entryFunction: null,
        gasUnitPrice: 0,
        maxGasAmount: 0,
        gasUsed: 0,
        success: true,
        timestampUsec: 0n,
      });
    }
    if (!seen.has(data.version)) {
      writer.transaction(
        systemTransactionRow({
          version,
          blockHeight: Number(block.height),
          hash: data.transaction.hash,
          kind: data.transaction.kind,
          timestampUsec: block.timestampUsec,
        }),
      );
    }
    writer.block({
      height: Number(block.height),
      epoch: Number(block.epoch),
      round: 0,
      firstVersion: Number(block.firstVersion),
      lastVersion: Number(block.lastVersion),
      timestampUsec: block.timestampUsec,
      hash: new Uint8Array(32),
      blockLimitReached: false,
    });
    writer.finish({
      chainId: data.chainId,
      oldestVersion: version,
      latestVersion: version,
      settings: DEFAULT_NODE_SETTINGS,
      generator: CAPTURE_GENERATOR,
      replace: false,
      extraMeta: {
        [META_KEYS.origin]: originMetaValue({
          node_url: data.nodeUrl,
          chain_id: data.chainId,
          ledger_version: data.version.toString(),
          captured_at: data.capturedAt,
        }),
      },
    });
  } catch (error) {
    writer.abort();
    throw error;
  }
}
