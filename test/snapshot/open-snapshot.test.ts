/**
 * What the store checks when it opens a file, on copies of a real fixture edited with SQL: the
 * format version in the header, the chain id's range, and `meta.node_settings` (missing fields take
 * the node's defaults; wrong ones are refused with a sentence naming the field). Also the store's
 * module-set versioning (one ABI lookup per module set, shared by every version that sees it),
 * resource-group keys (not part of format v1; in v2 a group must decode as a map of members), and the writer's
 * clean-up of abandoned partial files.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { DEFAULT_NODE_SETTINGS } from '../../electron/snapshot/node-settings.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { writeStructTag } from '../../shared/type-tag.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { openError, setMeta, useEditedCopies } from './edited-copies.ts';

const { root: dir, editedCopy } = useEditedCopies('open-snapshot-');

describe('opening a snapshot', () => {
  it('refuses another format version in the SQLite header', () => {
    expect(openError(editedCopy((db) => db.pragma('user_version = 5')))).toMatch(
      /format version 5 is not supported \(this build reads 1, 2, 3 and 4\)/,
    );
    expect(openError(editedCopy((db) => db.pragma('user_version = 1')))).toMatch(
      /meta.format_version 4 disagrees with the header's format version 1/,
    );
  });

  it('refuses a chain id that is not a u8', () => {
    expect(openError(editedCopy(setMeta('chain_id', '300')))).toMatch(/chain_id 300 is not a u8/);
  });

  it('refuses node settings of the wrong shape, naming the field', () => {
    expect(openError(editedCopy(setMeta('node_settings', 'not json')))).toMatch(
      /node_settings is missing or not valid JSON/,
    );
    expect(openError(editedCopy(setMeta('node_settings', '[]')))).toMatch(/must be a JSON object/);
    expect(openError(editedCopy(setMeta('node_settings', '{"eventsMaxLimit": 0}')))).toMatch(
      /eventsMaxLimit must be an integer/,
    );
    expect(
      openError(editedCopy(setMeta('node_settings', '{"gasEstimation": {"priceBuckets": [0, 300, 150]}}'))),
    ).toMatch(/priceBuckets/);
    expect(openError(editedCopy(setMeta('node_settings', '{"nodeRole": "archive"}')))).toMatch(/nodeRole/);
  });

  it('fills missing node settings from the node defaults', () => {
    const path = editedCopy(setMeta('node_settings', '{"eventsDefaultLimit": 7}'));
    const store = SnapshotStore.open(path);
    expect(store.settings).toEqual({ ...DEFAULT_NODE_SETTINGS, eventsDefaultLimit: 7 });
    store.close();
  });
});

describe('module sets', () => {
  it('shares one ABI lookup between versions that see the same modules, and none before any module', () => {
    const store = SnapshotStore.open(fixturePath('small'));
    const publications = (
      store.database.prepare('SELECT DISTINCT version FROM modules ORDER BY version').all() as { version: number }[]
    ).map((row) => BigInt(row.version));
    const last = publications.at(-1) ?? 0n;
    const latest = store.meta.latestVersion;
    expect(store.moduleSetVersion(latest)).toBe(last);
    expect(store.abiLookup(latest)).toBe(store.abiLookup(latest - 1n > last ? latest - 1n : latest));
    expect(store.moduleSetVersion(-1n)).toBe(-1n);
    if (publications.length > 1) expect(store.moduleSetVersion(last - 1n)).toBe(publications.at(-2));
    expect(store.abiLookup(latest)('0x1', 'coin')?.name).toBe('coin');
    store.close();
  });
});

describe('resource groups', () => {
  const groupKey = (address: Uint8Array): Uint8Array => {
    const path = new BcsWriter().variantIndex(2);
    writeStructTag(path, parseStructTag('0x1::object::ObjectGroup'));
    return new BcsWriter().u8(0).address(address).bytes(path.toBytes()).toBytes();
  };

  it('are not part of format v1: verify reports them; listings never show the group tag', () => {
    const address = parseAddress('0xcafe');
    const v1 = join(dir, 'v1-groups.db');
    generateSnapshot({ out: v1, versions: 150, accounts: 3, coinStores: 0, format: 1 });
    const copy = editedCopy(
      (db) =>
        db
          .prepare('INSERT INTO state_values (state_key, version, value) VALUES (?, 1, ?)')
          .run(groupKey(address), Buffer.from([0])),
      v1,
    );
    const store = SnapshotStore.open(copy);
    const listed = store.accountResources(address, store.meta.latestVersion, undefined, 9999).resources;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((r) => r.tag.name === 'ObjectGroup')).toBe(false);
    const report = verifySnapshot(store);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/resource group keys are not part of format v1/);
    store.close();
  });

  it('in format v2 must decode as a map of members, each by its layout; listings show members, not the group', () => {
    const address = parseAddress('0xcafe');
    // One member whose tag is not a struct the ABIs know.
    const member = new BcsWriter().uleb128(1);
    writeStructTag(member, parseStructTag('0xcafe::nowhere::Thing'));
    member.bytes(Uint8Array.of(1, 2, 3));
    const copy = editedCopy((db) =>
      db
        .prepare('INSERT INTO state_values (state_key, version, value) VALUES (?, 1, ?)')
        .run(groupKey(address), member.toBytes()),
    );
    const store = SnapshotStore.open(copy);
    const listed = store.accountResources(address, store.meta.latestVersion, undefined, 9999).resources;
    expect(listed.some((r) => r.tag.name === 'ObjectGroup')).toBe(false);
    expect(listed.filter((r) => r.tag.name === 'Thing').map((r) => [...r.bytes])).toEqual([[1, 2, 3]]);
    const report = verifySnapshot(store);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(
      /state value of resource group 0x1::object::ObjectGroup of 0xcafe at version 1: .*nowhere/,
    );
    store.close();
  });
});

describe('the snapshot writer', () => {
  it('removes partial files abandoned by generators that no longer run, and leaves none of its own', () => {
    const out = join(dir, 'gen.db');
    const abandoned = `${out}.4194300.partial`;
    writeFileSync(abandoned, 'left by a crashed run');
    writeFileSync(`${abandoned}-journal`, 'journal');
    generateSnapshot({ out, versions: 150, accounts: 3 });
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(`${abandoned}-journal`)).toBe(false);
    expect(existsSync(`${out}.${process.pid}.partial`)).toBe(false);
    expect(existsSync(out)).toBe(true);
  });
});
