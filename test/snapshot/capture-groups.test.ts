/**
 * The capture writer in format v2: an object's resources, listed by a node member by member, are written back as
 * one `0x1::object::ObjectGroup` value byte for byte as the node stores it, other resources stay plain, and the
 * transaction at the captured version, when not kept in full, is known by kind and hash; `snapshot verify` accepts
 * the file. (Transactions kept in full: test/remote/capture-transactions.test.ts.)
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import type { CaptureData } from '../../electron/snapshot/capture/capture-types.ts';
import { writeCapture } from '../../electron/snapshot/capture/write-capture.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { resourceGroupStateKey } from '../../electron/snapshot/state-keys.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('capture-groups-');
const objectGroup = parseStructTag('0x1::object::ObjectGroup');

describe('a v2 capture', () => {
  it('writes an object as its ObjectGroup, and the transaction at V by kind and hash when not kept in full', () => {
    const source = SnapshotStore.open(fixturePath('small'));
    const version = source.meta.latestVersion;
    const apt = parseAddress('0xa');
    const group = source.stateValue(resourceGroupStateKey(apt, objectGroup), version) ?? new Uint8Array(0);
    const framework = parseAddress('0x1');
    const chainIdTag = parseStructTag('0x1::chain_id::ChainId');
    const chainId = source.resource(framework, chainIdTag, version) ?? new Uint8Array(0);
    const block = source.blockOfVersion(version);
    const txn = source.transaction(version);
    const modules = source
      .modules(framework, version)
      .map((module) => ({ address: framework, name: module.abi.name, abi: module.abi, bytecode: module.bytecode }));
    source.close();
    const members = decodeResourceGroup(group);
    const data: CaptureData = {
      nodeUrl: 'http://node.example/v1',
      chainId: 4,
      version,
      capturedAt: '2026-11-24T00:00:00.000Z',
      block: {
        height: block?.height ?? 0n,
        epoch: block?.epoch ?? 1n,
        firstVersion: block?.firstVersion ?? version,
        lastVersion: block?.lastVersion ?? version,
        timestampUsec: block?.timestampUsec ?? 0n,
      },
      transaction: { kind: 'block_epilogue', hash: txn?.hash ?? new Uint8Array(32) },
      accounts: [framework],
      // Members as a node lists them (one resource each, in its own order), plus a plain resource.
      resources: [
        ...[...members].reverse().map((member) => ({ address: apt, tag: member.tag, bytes: member.bytes })),
        { address: framework, tag: chainIdTag, bytes: chainId },
      ],
      modules,
      events: [],
      summaries: [],
      transactions: [],
      notKept: [],
      tables: [],
      tableItems: [],
    };
    const out = join(dir, 'capture.db');
    writeCapture(data, out);
    const captured = SnapshotStore.open(out);
    try {
      expect(captured.meta.formatVersion).toBe(4);
      expect(
        bytesToHex(captured.stateValue(resourceGroupStateKey(apt, objectGroup), version) ?? new Uint8Array(0)),
      ).toBe(bytesToHex(group));
      expect(captured.resource(framework, chainIdTag, version)).toEqual(chainId);
      // Without a transaction kept in full, the one at V is known by kind and hash only, and has no write set.
      const kept = captured.transaction(version);
      expect(bytesToHex(kept?.hash ?? new Uint8Array(0))).toBe(bytesToHex(txn?.hash ?? new Uint8Array(32)));
      expect(kept?.details).toBeUndefined();
      expect(captured.writeSet(version)).toBeUndefined();
      // A capture holds no state before its version: the explorer's changes read cannot tell befores there.
      expect(captured.writeSetWithBefore(version)).toBeUndefined();
      expect(captured.writeSetWithBefore(version + 1n)).toBeUndefined();
      const report = verifySnapshot(captured);
      // Modules were not captured here, so only value decoding may complain; the v2 invariants hold.
      expect(report.problems.filter((line) => !/has no ABI|not found|unknown module|no module/i.test(line))).toEqual(
        [],
      );
    } finally {
      captured.close();
    }
  });
});
