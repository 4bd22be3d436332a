/**
 * Reads what a capture keeps, at one version V: each account's resources (BCS) and modules, the
 * ABIs of every module their types need, the events of every event handle in them (BCS, up to the
 * handle's counter at V), the account's transaction summaries (BCS), and the requested table items.
 * Nothing is written here: the caller writes the collected data in one go, so an interrupted
 * capture leaves no file at all.
 */
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { decodeMoveValue } from '../../../shared/move/decode.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { formatStructTag, formatTypeTag, parseTypeTag, type TypeTag } from '../../../shared/type-tag.ts';
import { decodeEvents, decodeResourceMap, decodeSummaries } from './bcs-replies.ts';
import { blockOfVersion, ledgerOf, transactionAt } from './capture-block.ts';
import {
  CaptureError,
  DEFAULT_CAPTURE_LIMITS,
  DEFAULT_MAX_TRANSACTIONS,
  DEFAULT_TRANSACTION_WINDOW,
  type CaptureData,
  type CapturedEvent,
  type CapturedSummary,
  type CaptureLimits,
  type CaptureRequest,
  type CaptureSource,
  type TableOwner,
} from './capture-types.ts';
import { captureWindow } from './capture-window.ts';
import { yieldToEventLoop } from './event-loop.ts';
import { findHandles, type FoundHandles } from './find-handles.ts';
import { ModuleSet } from './module-set.ts';
import { SourceReader } from './source-reader.ts';
import { NO_PROGRESS } from '../progress.ts';

const DEFAULT_MAX_EVENTS = 10_000;
const DEFAULT_MAX_SUMMARIES = 10_000;
/** The node's largest page of events and summaries. */
const PAGE = 100;

type Resource = CaptureData['resources'][number];

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** Refuses a capture that would hold more than `limit` of something. */
function checkLimit(count: number, limit: number, what: string): void {
  if (count > limit)
    throw new CaptureError(
      `capture too large: more than ${limit} ${what} (the limit of one capture); capture fewer accounts at a time`,
      400,
      'invalid_input',
    );
}

/** Reads everything `request` asks for from `source`. */
export async function captureLedger(source: CaptureSource, request: CaptureRequest): Promise<CaptureData> {
  const progress = request.onProgress ?? (() => undefined);
  const limits: CaptureLimits = { ...DEFAULT_CAPTURE_LIMITS, ...request.limits };
  const meter = request.meter ?? NO_PROGRESS;
  meter.phase(`capturing: reading ${source.nodeUrl}`, undefined, 'answers');
  const reader = new SourceReader(source, request.signal, limits.requests, meter);
  const ledger = ledgerOf(await reader.json<unknown>(''));
  const latest = BigInt(ledger.ledger_version);
  const oldest = BigInt(ledger.oldest_ledger_version);
  const version = request.version ?? latest;
  if (version > latest)
    throw new CaptureError(
      `Ledger version(${version}) not found, latest ledger version is ${latest}`,
      404,
      'version_not_found',
    );
  if (version < oldest)
    throw new CaptureError(
      `Ledger version(${version}) has been pruned, oldest ledger version is ${oldest}`,
      410,
      'version_pruned',
    );
  progress(
    `capturing ${request.accounts.length} account(s) from ${source.nodeUrl} ` +
      `at version ${version} (chain id ${ledger.chain_id})`,
  );
  const at = `ledger_version=${version}`;
  const modules = new ModuleSet(reader, version);
  const resources: Resource[] = [];
  const accounts: Uint8Array[] = [];
  const summaries: CapturedSummary[] = [];
  const maxSummaries = request.maxSummariesPerAccount ?? DEFAULT_MAX_SUMMARIES;

  for (const text of request.accounts) {
    const address = parseAddress(text);
    const short = formatAddress(address);
    let pages = 0;
    const before = resources.length;
    // A node repeating a page (or a cursor) adds nothing: each resource is counted and kept once.
    const tags = new Set<string>();
    const cursors = new Set<string>();
    for (let cursor: string | null = ''; cursor !== null && !cursors.has(cursor); pages += 1) {
      cursors.add(cursor);
      const answer = await reader.bcs(`/accounts/${short}/resources?${at}${cursor === '' ? '' : `&start=${cursor}`}`);
      for (const entry of decodeResourceMap(answer.body)) {
        const tag = formatStructTag(entry.tag);
        if (tags.has(tag)) continue;
        tags.add(tag);
        resources.push({ address, ...entry });
      }
      checkLimit(resources.length, limits.resources, 'resources');
      cursor = answer.headers.get('x-aptos-cursor') ?? answer.headers.get('x-node-cursor');
    }
    const held = resources.length - before;
    if (held > 0) accounts.push(address);
    // A node pages modules with a cursor (our service sends them all at once, without one).
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: { body: unknown; cursor: string | null } = await reader.jsonPage<unknown>(
        `/accounts/${short}/modules?${at}${cursor === '' ? '' : `&start=${cursor}`}`,
      );
      if (!Array.isArray(page.body)) throw new CaptureError(`the modules of ${short}: the source sent no list`);
      for (const json of page.body as unknown[]) modules.add(json, `module of ${short}`);
      cursor = page.cursor;
    }
    let end = version;
    const mine: CapturedSummary[] = [];
    while (mine.length < maxSummaries) {
      // Only summaries at or below `end` are new: a page the node repeats ends the walk instead of counting twice.
      const page = decodeSummaries(
        (await reader.bcs(`/accounts/${short}/transaction_summaries?end_version=${end}&limit=${PAGE}`)).body,
      )
        .filter((summary) => summary.version <= end)
        .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0))
        .filter((summary, i, sorted) => i === 0 || sorted[i - 1]?.version !== summary.version);
      const first = page[0];
      if (first === undefined) break;
      mine.unshift(...page.slice(Math.max(0, page.length - (maxSummaries - mine.length))));
      checkLimit(summaries.length + mine.length, limits.summaries, 'transaction summaries');
      if (first.version === 0n) break;
      end = first.version - 1n;
    }
    summaries.push(...mine);
    progress(
      `  ${short}: ${held} resources (${pages} page${pages === 1 ? '' : 's'}), ${mine.length} transaction summaries`,
    );
  }

  const resourceLayouts = await modules.layouts(resources.map((r): TypeTag => ({ kind: 'struct', struct: r.tag })));
  const found: FoundHandles = { streams: new Map(), tables: new Map() };
  const owners = new Map<string, TableOwner>();
  for (const [index, resource] of resources.entries()) {
    // Decoding every value is CPU work without I/O: pause now and then (see event-loop.ts).
    if (index % 256 === 255) await yieldToEventLoop();
    const layout = resourceLayouts[index];
    if (layout === undefined) continue;
    const before = found.tables.size;
    findHandles(decodeMoveValue(resource.bytes, layout), layout, '', found);
    if (found.tables.size === before) continue;
    // Map keeps insertion order: the tables this resource added are the last ones.
    for (const [handle, table] of [...found.tables].slice(before))
      owners.set(handle, { address: resource.address, resource: formatStructTag(resource.tag), field: table.field });
  }
  const streams = found.streams;
  progress(`  ${modules.modules.length} modules; ${streams.size} event streams`);

  const events: CapturedEvent[] = [];
  const maxEvents = BigInt(request.maxEventsPerStream ?? DEFAULT_MAX_EVENTS);
  // Each stream's counter at V says how many events it holds: refuse an oversized capture before reading them.
  let plannedEvents = 0n;
  let plannedPages = 0n;
  for (const stream of streams.values()) {
    const kept = stream.counter < maxEvents ? stream.counter : maxEvents;
    plannedEvents += kept;
    plannedPages += (kept + BigInt(PAGE) - 1n) / BigInt(PAGE);
  }
  checkLimit(Number(plannedEvents), limits.events, 'events');
  checkLimit(reader.requests + Number(plannedPages), limits.requests, 'reads of the source');
  for (const [name, stream] of streams) {
    let start = stream.counter > maxEvents ? stream.counter - maxEvents : 0n;
    let count = 0;
    while (start < stream.counter) {
      const page = decodeEvents(
        (
          await reader.bcs(
            `/accounts/${formatAddress(stream.address)}/events/${stream.creationNumber}?start=${start}&limit=${PAGE}`,
          )
        ).body,
      );
      // Only events from `start` on are new (a repeated page adds nothing), each once, ascending.
      let next = start;
      for (const event of page) {
        if (event.sequenceNumber < next || event.sequenceNumber >= stream.counter) continue;
        if (event.creationNumber !== stream.creationNumber || !sameBytes(event.address, stream.address)) continue;
        next = event.sequenceNumber + 1n;
        if (event.version > version) continue;
        events.push(event);
        count += 1;
      }
      if (next === start) break;
      start = next;
    }
    if (count > 0) progress(`  events ${name}: ${count}`);
  }
  await modules.layouts([...new Set(events.map((event) => event.typeTag))].map((text) => parseTypeTag(text)));

  // Every table the resources hold is described (its items cannot be listed from a node; asked-for ones are read
  // below).
  const tables = new Map<string, CaptureData['tables'][number]>();
  for (const [short, table] of found.tables)
    tables.set(short, {
      handle: table.handle,
      keyType: table.keyType,
      valueType: table.valueType,
      owner: owners.get(short) ?? null,
    });
  const tableItems: CaptureData['tableItems'][number][] = [];
  for (const item of request.tables ?? []) {
    const handle = parseAddress(item.handle);
    const keyTag = parseTypeTag(item.keyType);
    const valueTag = parseTypeTag(item.valueType);
    const [keyLayout] = await modules.layouts([keyTag, valueTag]);
    let key: Uint8Array;
    try {
      key = encodeMoveValue(item.key, keyLayout ?? { kind: 'bool' });
    } catch (error) {
      throw new CaptureError(
        `table key ${JSON.stringify(item.key)} does not fit ${formatTypeTag(keyTag)}: ${(error as Error).message}`,
        400,
        'invalid_input',
      );
    }
    const body = { key_type: formatTypeTag(keyTag), value_type: formatTypeTag(valueTag), key: item.key };
    const value = await reader.postBcs(`/tables/${formatAddress(handle)}/item?${at}`, body, ['table_item_not_found']);
    const short = formatAddress(handle);
    if (!tables.has(short))
      tables.set(short, {
        handle,
        keyType: body.key_type,
        valueType: body.value_type,
        owner: owners.get(short) ?? null,
      });
    if (value === undefined) progress(`  table ${short} key ${JSON.stringify(item.key)}: absent at ${version}`);
    else tableItems.push({ handle, key, value });
  }
  progress(`  ${tables.size} tables, ${tableItems.length} table items`);

  const block = await blockOfVersion(reader, version, ledger);
  const window = await captureWindow(
    reader,
    modules,
    {
      version,
      sourceOldest: oldest,
      chainId: ledger.chain_id,
      candidates: [version, ...summaries.map((s) => s.version), ...events.map((e) => e.version)],
      maxTransactions: request.maxTransactions ?? DEFAULT_MAX_TRANSACTIONS,
      windowVersions: request.transactionWindow ?? DEFAULT_TRANSACTION_WINDOW,
      // Two reads stay for the transaction at V when the window did not keep it.
      requestBudget: limits.requests - reader.requests - 2,
      writeSetEntries: limits.writeSetEntries,
      writeSetBytes: limits.writeSetBytes,
      blockHeight: block.height,
    },
    progress,
  );
  const atV = window.transactions.find((kept) => kept.version === version);
  const transaction = atV ? { kind: atV.row.kind, hash: atV.row.hash } : await transactionAt(reader, version);
  progress(`read ${reader.requests} answers`);
  return {
    nodeUrl: source.nodeUrl,
    chainId: ledger.chain_id,
    version,
    capturedAt: new Date().toISOString(),
    block,
    transaction,
    accounts,
    resources,
    modules: modules.modules,
    events,
    summaries,
    transactions: window.transactions,
    notKept: window.notKept,
    tables: [...tables.values()],
    tableItems,
  };
}
