/**
 * Contract tests of the explorer extras the UI frame and landing page read: the facts of one
 * version (`/explorer/v1/versions/{version}`) and the busiest event streams
 * (`/explorer/v1/event-streams`), over real HTTP against the `small` fixture, expectations from
 * SQL over the same file.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { EVENT_STREAMS_WINDOW as WINDOW } from '../../electron/service/routes/explorer-extras.ts';
import { expectErrorRecord, expectLedgerHeaders, get, getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('small');

const short = (bytes: Uint8Array): string => `0x${bytesToHex(bytes).slice(2).replace(/^0+/, '') || '0'}`;

interface BlockRow {
  height: number;
  epoch: number;
  first_version: number;
  last_version: number;
  timestamp_usec: number;
}

function blockOf(version: bigint): BlockRow {
  const row = env.store.database
    .prepare(
      `SELECT height, epoch, first_version, last_version, timestamp_usec FROM blocks
       WHERE first_version <= ? AND last_version >= ?`,
    )
    .get(version, version) as BlockRow | undefined;
  if (!row) throw new Error(`fixture has no block holding version ${version}`);
  return row;
}

describe('versions', () => {
  it('answers the block height, time and epoch of the oldest, a middle and the latest version', async () => {
    const oldest = BigInt(env.info.oldestVersion);
    const latest = BigInt(env.info.latestVersion);
    for (const version of [oldest, (oldest + latest) / 2n, latest]) {
      const response = await get(env, `/explorer/v1/versions/${version}`);
      expect(response.status).toBe(200);
      expectLedgerHeaders(response.headers, env.info);
      const block = blockOf(version);
      expect(await response.json()).toEqual({
        version: String(version),
        block_height: String(block.height),
        block_timestamp_usec: String(block.timestamp_usec),
        epoch: String(block.epoch),
        block_first_version: String(block.first_version),
        block_last_version: String(block.last_version),
      });
    }
    const latestFacts = await getJson<{ block_height: string }>(env, `/explorer/v1/versions/${latest}`);
    expect(latestFacts.block_height).toBe(env.info.blockHeight);
  });

  it('refuses versions outside the retained range as the API does (404 above, 410 below), bad text 400', async () => {
    const latest = BigInt(env.info.latestVersion);
    const oldest = BigInt(env.info.oldestVersion);
    const above = await expectErrorRecord(
      env,
      await get(env, `/explorer/v1/versions/${latest + 1n}`),
      404,
      'version_not_found',
    );
    expect(above).toContain(String(latest));
    if (oldest > 0n) {
      const below = await expectErrorRecord(
        env,
        await get(env, `/explorer/v1/versions/${oldest - 1n}`),
        410,
        'version_pruned',
      );
      expect(below).toContain(String(oldest));
    }
    await expectErrorRecord(env, await get(env, '/explorer/v1/versions/abc'), 400, 'web_framework_error');
    await expectErrorRecord(
      env,
      await get(env, '/explorer/v1/versions/18446744073709551616'),
      400,
      'web_framework_error',
    );
  });
});

interface Stream {
  address: string;
  creation_number: string;
  type: string;
  count: number;
  latest_sequence_number: string;
  latest_version: string;
}

/** The busiest streams by their definition, over the versions holding the newest `window` events. */
function streamsFromSql(window: number): Stream[] {
  const db = env.store.database;
  const versions = (db.prepare('SELECT version FROM events ORDER BY version DESC').all() as { version: number }[]).map(
    (row) => row.version,
  );
  const from = versions.length >= window ? versions[window - 1]! : 0;
  const rows = db
    .prepare(
      `SELECT address, creation_number, COUNT(*) AS count, MAX(sequence_number) AS latest FROM events
       WHERE version >= ? GROUP BY address, creation_number`,
    )
    .all(from) as { address: Uint8Array; creation_number: number; count: number; latest: number }[];
  const newest = db.prepare(
    'SELECT type_tag, version FROM events WHERE address = ? AND creation_number = ? AND sequence_number = ?',
  );
  return rows
    .map((row) => {
      const event = newest.get(row.address, row.creation_number, row.latest) as { type_tag: string; version: number };
      return {
        address: short(row.address),
        creation_number: String(row.creation_number),
        type: event.type_tag,
        count: row.count,
        latest_sequence_number: String(row.latest),
        latest_version: String(event.version),
        key: Buffer.from(row.address).toString('hex'),
      };
    })
    .sort(
      (a, b) =>
        b.count - a.count || a.key.localeCompare(b.key) || Number(a.creation_number) - Number(b.creation_number),
    )
    .map(({ key: _key, ...stream }) => stream);
}

describe('event streams', () => {
  it('lists the streams with the most events first, each with its newest event, default 10', async () => {
    const expected = streamsFromSql(WINDOW);
    expect(expected.length).toBeGreaterThan(10);
    const response = await get(env, '/explorer/v1/event-streams');
    expect(response.status).toBe(200);
    expectLedgerHeaders(response.headers, env.info);
    expect(await response.json()).toEqual({ window: WINDOW, streams: expected.slice(0, 10) });
    expect(await getJson(env, '/explorer/v1/event-streams?limit=3')).toEqual({
      window: WINDOW,
      streams: expected.slice(0, 3),
    });
    expect(await getJson(env, '/explorer/v1/event-streams?limit=65535')).toEqual({
      window: WINDOW,
      streams: expected.slice(0, 100),
    });
    // A smaller page after a larger one comes from the kept scan and still agrees.
    expect(await getJson(env, '/explorer/v1/event-streams?limit=2')).toEqual({
      window: WINDOW,
      streams: expected.slice(0, 2),
    });
  });

  it('counts over whole versions holding the newest events (the store, with windows smaller than the fixture)', () => {
    const total = (env.store.database.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
    for (const window of [1, 50, Math.floor(total / 2), total, total + 1]) {
      const found = env.store.busiestEventStreams(window, 1000).map((stream) => ({
        address: short(stream.address),
        creation_number: String(stream.creationNumber),
        type: stream.typeTag,
        count: stream.count,
        latest_sequence_number: String(stream.latestSequenceNumber),
        latest_version: String(stream.latestVersion),
      }));
      expect(found).toEqual(streamsFromSql(window));
    }
    expect(streamsFromSql(50).reduce((sum, stream) => sum + stream.count, 0)).toBeLessThan(total);
  });

  it('each listed stream is served by the events endpoint with the count it claims', async () => {
    const { streams } = await getJson<{ streams: Stream[] }>(env, '/explorer/v1/event-streams?limit=3');
    for (const stream of streams) {
      const events = await getJson<{ sequence_number: string; type: string }[]>(
        env,
        `/v1/accounts/${stream.address}/events/${stream.creation_number}?limit=1`,
      );
      expect(events.at(-1)?.sequence_number).toBe(stream.latest_sequence_number);
      expect(events.at(-1)?.type).toBe(stream.type);
    }
  });

  it('refuses limit=0 and a limit that is not a u16', async () => {
    await expectErrorRecord(env, await get(env, '/explorer/v1/event-streams?limit=0'), 400, 'invalid_input');
    await expectErrorRecord(env, await get(env, '/explorer/v1/event-streams?limit=65536'), 400, 'web_framework_error');
  });
});
