/**
 * Request bodies built to cost the server memory or time, against a real server process (its own heap, so its peak
 * RSS is its own): counts are checked against the view function's signature before any element is read, JSON bodies
 * are bounded in values and nesting before they are parsed, and messages quote a short prefix of what they got.
 * The figures before and after are in docs/benchmarks.md ("Hostile request bodies").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_NESTING, MAX_BODY_VALUES } from '../../electron/service/request-limits.ts';
import { fixturePath } from '../support/fixture-path.ts';
import {
  EIGHT_MIB,
  fill,
  jsonView,
  manyEmptyArgs,
  nested,
  ONE_APT_TAG,
  bcsView,
  tableKeyOf,
  uleb,
  VIEW_BCS,
} from '../support/hostile-bodies.ts';
import { startServerChild, type ServerChild } from '../support/server-child-process.ts';

const MIB = 1024 * 1024;
let child: ServerChild;

beforeAll(async () => {
  child = await startServerChild(fixturePath('small'), {});
});
afterAll(async () => child?.stop());

interface Record {
  readonly status: number;
  readonly message: string;
  readonly error_code: string;
}

async function post(path: string, contentType: string, body: Uint8Array): Promise<Record> {
  const response = await fetch(new URL(path, child.url), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
  const record = (await response.json()) as Omit<Record, 'status'>;
  return { status: response.status, ...record };
}

const view = (contentType: string, body: Uint8Array): Promise<Record> => post('/v1/view', contentType, body);

describe('BCS view bodies', () => {
  it('refuses 8.4 M arguments of a 1-argument function by their count, without building them', async () => {
    const before = await child.stats();
    const record = await view(VIEW_BCS, manyEmptyArgs());
    expect(record.status).toBe(400);
    expect(record.message).toMatch(/^expected 1 arguments for view function 0x1::coin::balance, but got 838\d{4}$/);
    // Built first, the 8.4 M arguments took the server's peak RSS up by 1.8 GB (docs/benchmarks.md).
    const after = await child.stats();
    expect(after.peakRss - Math.max(before.peakRss, before.rss)).toBeLessThan(200 * MIB);
  });

  it('checks a count before reading its elements (a wrong count with malformed elements names the count)', async () => {
    // Two arguments where one is expected, followed by bytes that are no arguments at all.
    const record = await view(VIEW_BCS, bcsView(ONE_APT_TAG, Buffer.concat([uleb(2), Buffer.alloc(4, 0xff)])));
    expect(record.status).toBe(400);
    expect(record.message).toBe('expected 1 arguments for view function 0x1::coin::balance, but got 2');
    const typeArgs = await view(VIEW_BCS, bcsView(Buffer.concat([uleb(3), Buffer.alloc(8, 0xff)]), Buffer.alloc(0)));
    expect(typeArgs.message).toBe('expected 1 type arguments for view function 0x1::coin::balance, but got 3');
  });

  it("checks an argument's size before copying it (and before the bytes after it)", async () => {
    const args = Buffer.concat([uleb(1), uleb(5), Buffer.alloc(5), Buffer.from([0xff])]);
    const record = await view(VIEW_BCS, bcsView(ONE_APT_TAG, args));
    expect(record.status).toBe(400);
    expect(record.message).toBe('argument 0 of 0x1::coin::balance must be 32 bytes (an address), got 5');
  });

  it("spends an unknown function's elements from the request's budget", async () => {
    const record = await view(VIEW_BCS, manyEmptyArgs('coin', 'no_such_function', 2 * MIB));
    expect(record.status).toBe(400);
    expect(record.message).toContain(`at most ${MAX_BODY_VALUES} vector elements in all`);
  });
});

describe('JSON bodies', () => {
  it('refuses 4.2 M arguments before parsing them, in a short message', async () => {
    const record = await view('application/json', jsonView(`${fill('0,', EIGHT_MIB - 200)}0`));
    expect(record.status).toBe(400);
    expect(record.error_code).toBe('web_framework_error');
    expect(record.message).toBe(`parse request payload error: the body holds more than ${MAX_BODY_VALUES} values`);
  });

  it('refuses an argument nested 10,000 deep with a 400 record (was a 500 stack overflow)', async () => {
    const record = await view('application/json', jsonView(`"0x1",${nested(10_000)}`));
    expect(record.status).toBe(400);
    expect(record.message).toMatch(new RegExp(`nests deeper than ${MAX_BODY_NESTING} levels`));
  });

  it('accepts nesting up to the bound and prints at most a few hundred characters of the arguments', async () => {
    const record = await view('application/json', jsonView(`"0x1",${nested(MAX_BODY_NESTING - 2)}`));
    expect(record.status).toBe(400);
    expect(record.message).toMatch(/^expected 1 arguments \[string<address>\], but got 2 \(\[String\("0x1"\), \[\[\[/);
    expect(record.message.length).toBeLessThan(400);
  });

  it('quotes a short prefix of a many-valued argument list', async () => {
    const record = await view('application/json', jsonView(`${fill('"0x1",', 50_000 * 6)}"0x1"`));
    expect(record.status).toBe(400);
    expect(record.message).toMatch(/^expected 1 arguments \[string<address>\], but got 50001 \(\[String\("0x1"\), /);
    expect(record.message.length).toBeLessThan(400);
  });

  it('bounds table-item keys the same way, and quotes a short prefix of a key not found', async () => {
    const huge = await post('/v1/tables/0x1/item', 'application/json', tableKeyOf(2_000_000));
    expect(huge.status).toBe(400);
    expect(huge.message).toMatch(/holds more than \d+ values/);
    const found = await post('/v1/tables/0x1/item', 'application/json', tableKeyOf(50_000));
    expect(found.status).toBe(404);
    expect(found.message).toMatch(/^Table Item not found by Table handle\(0x1\), Table key\(\["1","1",/);
    expect(found.message.length).toBeLessThan(300);
  });
});
