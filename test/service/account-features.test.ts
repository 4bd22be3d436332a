/**
 * `GET /v1/accounts/{address}` for an address without `0x1::account::Account` follows the chain's
 * `DEFAULT_ACCOUNT_RESOURCE` feature (91) as the node does: copies of the `small` fixture whose
 * `0x1::features::Features` was rewritten with SQL (flag on, flag off, resource gone), served by the read
 * service in process over the real file. The generated chain itself (flag off) is covered over HTTP in
 * contract-account.test.ts.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { resourceStateKey } from '../../electron/snapshot/state-keys.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('account-features-');
const FEATURES_KEY = resourceStateKey(parseAddress('0x1'), parseStructTag('0x1::features::Features'));
const NOBODY = '0xdead00000000000000000000000000000000000000000000000000000000beef';

/** A copy of `small` whose Features rows are replaced by `value` (null: the resource never existed). */
function withFeatures(name: string, value: Uint8Array | null): string {
  const path = join(dir, `${name}.db`);
  copyFileSync(fixturePath('small'), path);
  const db = new Database(path);
  try {
    const rows = db.prepare('SELECT version FROM state_values WHERE state_key = ?').all(FEATURES_KEY);
    expect(rows.length).toBeGreaterThan(0);
    if (value === null) db.prepare('DELETE FROM state_values WHERE state_key = ?').run(FEATURES_KEY);
    else db.prepare('UPDATE state_values SET value = ? WHERE state_key = ?').run(value, FEATURES_KEY);
  } finally {
    db.close();
  }
  return path;
}

/** `Features { features: vector<u8> }` with `flags` on (bit n % 8 of byte n / 8). */
function features(flags: readonly number[]): Uint8Array {
  const bits = new Uint8Array(12);
  for (const flag of flags) bits[Math.floor(flag / 8)]! |= 1 << (flag % 8);
  return new BcsWriter().bytes(bits).toBytes();
}

async function answer(path: string, address: string, accept?: string): Promise<{ status: number; body: Uint8Array }> {
  const store = SnapshotStore.open(path);
  try {
    const handler = createReadService({ store, responseCache: false });
    const response = await handler(
      new Request(`http://127.0.0.1/v1/accounts/${address}`, { headers: accept ? { accept } : {} }),
    );
    return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
  } finally {
    store.close();
  }
}

const json = (body: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(body));

describe('GET /v1/accounts/{address} and DEFAULT_ACCOUNT_RESOURCE', () => {
  it('flag on: an address without an Account resource is a stateless account (sequence 0, key = address)', async () => {
    const path = withFeatures('on', features([60, 91]));
    const reply = await answer(path, NOBODY);
    expect(reply.status).toBe(200);
    expect(json(reply.body)).toEqual({ sequence_number: '0', authentication_key: NOBODY });
    const bcs = await answer(path, NOBODY, 'application/x-bcs');
    const hexAddress = NOBODY.slice(2);
    const u64 = (n: number): string => n.toString(16).padStart(2, '0').padEnd(16, '0');
    // authentication_key (vector<u8> of 32), sequence_number 0, guid_creation_num 2, two event handles, two empty
    // offers: the node's AccountResource::new_stateless.
    expect(bytesToHex(bcs.body, false)).toBe(
      `20${hexAddress}${u64(0)}${u64(2)}${u64(0)}${u64(0)}${hexAddress}${u64(0)}${u64(1)}${hexAddress}0000`,
    );
  });

  it('flag off (other flags on): 404 account_not_found', async () => {
    const reply = await answer(withFeatures('off', features([60, 64, 90, 92])), NOBODY);
    expect(reply.status).toBe(404);
    expect(json(reply.body)).toMatchObject({ error_code: 'account_not_found', vm_error_code: null });
  });

  it('no Features resource (a v1 file, a capture without 0x1): stateless, as on every current network', async () => {
    const reply = await answer(withFeatures('absent', null), NOBODY);
    expect(reply.status).toBe(200);
    expect(json(reply.body)).toEqual({ sequence_number: '0', authentication_key: NOBODY });
  });
});
