/**
 * Account endpoints (docs/node-behaviour.md §2): the account itself, transaction summaries, resources
 * (paged by state key), a single resource, and modules (paged by state key).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { formatAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { formatStructTag, parseStructTag } from '../../../shared/type-tag.ts';
import type { StoredModule } from '../../snapshot/ledger-store.ts';
import { encodeModuleMap, encodeResourceMap, encodeSummaries } from '../bcs-bodies.ts';
import { moduleStateKey } from '../../snapshot/state-keys.ts';
import { formatCursor } from '../cursor.ts';
import { notFound } from '../http-errors.ts';
import { decodeStoredValue, resourceJson, structJson, structTypeTag, summaryJson } from '../json-bodies.ts';
import { cursorHeaderEntries } from '../ledger-headers.ts';
import { pageSize } from '../params.ts';
import { requestedVersion, type ContextOf } from '../request-context.ts';
import { bcsReply, endpointReply, jsonReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { FRAMEWORK } from '../view/coin-semantics.ts';
import { FEATURE } from '../view/framework-aborts.ts';
import { isFeatureEnabled, readFeatures } from '../view/framework-state.ts';
import { withResourceGroups } from '../view/state-reader.ts';

const ACCOUNT_TAG = parseStructTag('0x1::account::Account');

/**
 * The `0x1::account::Account` the node reports for an address without one (a stateless account,
 * AIP-115): authentication key = the address, sequence number 0, `guid_creation_num` 2, the two
 * event handles at creation numbers 0 and 1, no capability offers. BCS in field order.
 */
function statelessAccount(address: Uint8Array): Uint8Array {
  const writer = new BcsWriter(128);
  writer.bytes(address).u64(0n).u64(2n);
  writer.u64(0n).u64(0n).address(address);
  writer.u64(0n).u64(1n).address(address);
  writer.uleb128(0).uleb128(0);
  return writer.toBytes();
}

/**
 * Whether an address without `0x1::account::Account` is answered as a stateless account: the node asks its
 * latest state's `0x1::features::Features` for `DEFAULT_ACCOUNT_RESOURCE` (whatever `ledger_version` the request
 * names). A snapshot without a Features resource (a v1 file, a capture that left 0x1 out) says nothing about the
 * flag; it is then taken as on, as on every current network, so such files answer as before.
 */
function statelessAccountsOn(context: ContextOf<'account'>): boolean {
  const features = readFeatures(context.store, FRAMEWORK, context.ledger.ledgerVersion);
  return features === undefined || isFeatureEnabled(features, FEATURE.defaultAccountResource);
}

/**
 * `GET /v1/accounts/{address}?ledger_version`: `{"sequence_number", "authentication_key"}` from
 * the account's `0x1::account::Account` at that version; BCS is the resource's bytes. An address
 * without the resource is a stateless account when the chain's `DEFAULT_ACCOUNT_RESOURCE` feature is on,
 * else 404 `account_not_found`, as the node answers (docs/api.md).
 */
export function getAccount(context: ContextOf<'account'>): ServiceReply {
  const address = context.params.address;
  const version = requestedVersion(context);
  let bytes = context.store.resource(address, ACCOUNT_TAG, version);
  if (bytes === undefined) {
    if (!statelessAccountsOn(context)) {
      throw notFound(
        'account_not_found',
        `Account not found by Address(${formatAddress(address)}) and Ledger version(${version})`,
      );
    }
    bytes = statelessAccount(address);
  }
  if (context.output === 'bcs') return bcsReply(bytes, context.ledger);
  const data = decodeStoredValue(
    bytes,
    structTypeTag(ACCOUNT_TAG),
    context.store.abiLookup(version),
    'resource 0x1::account::Account',
  ) as Readonly<Record<string, unknown>>;
  return endpointReply(
    ENDPOINTS.account,
    { sequence_number: String(data.sequence_number), authentication_key: String(data.authentication_key) },
    context.ledger,
  );
}

/** `GET /v1/accounts/{address}/transaction_summaries?start_version&end_version&limit`. */
export function getTransactionSummaries(context: ContextOf<'transactionSummaries'>): ServiceReply {
  const sender = context.params.address;
  const { start_version: startVersion, end_version: endVersion } = context.query;
  const settings = context.store.settings;
  // `limit=0` is an empty page here (the declaration sets no minimum).
  const limit = pageSize(context.query.limit, settings.summariesDefaultLimit, settings.summariesMaxLimit);
  // The range rules (end clamped to the latest, inclusive; empty when start is past the end) are the store's.
  const summaries = limit === 0 ? [] : context.store.transactionSummaries(sender, { startVersion, endVersion, limit });
  if (context.output === 'bcs') return bcsReply(encodeSummaries(summaries), context.ledger);
  return endpointReply(ENDPOINTS.transactionSummaries, summaries.map(summaryJson), context.ledger);
}

/**
 * `GET /v1/accounts/{address}/resources?ledger_version&start&limit`: the store expands resource groups in place
 * into their members, `limit` counting state keys (docs/api.md).
 */
export function getResources(context: ContextOf<'resources'>): ServiceReply {
  const address = context.params.address;
  const startKey = context.query.start;
  const settings = context.store.settings;
  const limit = pageSize(context.query.limit, settings.resourcesDefaultLimit, settings.resourcesMaxLimit);
  const version = requestedVersion(context);
  const page = context.store.accountResources(address, version, startKey, limit);
  const cursor = page.nextCursor === undefined ? [] : cursorHeaderEntries(formatCursor(page.nextCursor));
  if (context.output === 'bcs') return bcsReply(encodeResourceMap(page.resources), context.ledger, cursor);
  const lookup = context.store.abiLookup(version);
  return endpointReply(
    ENDPOINTS.resources,
    page.resources.map((resource) => resourceJson(resource, lookup)),
    context.ledger,
    cursor,
  );
}

/**
 * `GET /v1/accounts/{address}/resource/{resource_type}?ledger_version`. A resource-group member is read from its
 * group's state key and extracted, as the node does; a group's own tag is not a resource (404).
 */
export function getResource(context: ContextOf<'resource'>): ServiceReply {
  const { address, resource_type: tag } = context.params;
  const version = requestedVersion(context);
  const bytes = withResourceGroups(context.store).resource(address, tag, version);
  const type = formatStructTag(tag);
  if (bytes === undefined) {
    throw notFound(
      'resource_not_found',
      `Resource not found by Address(${formatAddress(address)}), Struct tag(${type}) and Ledger version(${version})`,
    );
  }
  if (context.output === 'bcs') return bcsReply(bytes, context.ledger);
  const data = decodeStoredValue(bytes, structTypeTag(tag), context.store.abiLookup(version), `resource ${type}`);
  return endpointReply(ENDPOINTS.resource, { type, data: structJson(data) }, context.ledger);
}

/** A module as the node serves it: `{"bytecode": "0x..", "abi": {...}}`. */
function moduleJson(module: StoredModule): Readonly<Record<string, unknown>> {
  return { bytecode: bytesToHex(module.bytecode), abi: module.abi };
}

/** State-key order of modules of one account: by BCS of the name (ULEB length first, then bytes). */
function compareModuleKeys(a: StoredModule, b: StoredModule): number {
  const x = a.abi.name;
  const y = b.abi.name;
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `GET /v1/accounts/{address}/modules?ledger_version&start&limit`, paged as the node pages it: the account's module
 * state keys in order from `start` (a state-key cursor, inclusive), `limit` of them, and `X-Aptos-Cursor` = the next
 * module's state key when there is one. BCS: the page as a map module id → bytecode.
 */
export function getModules(context: ContextOf<'modules'>): ServiceReply {
  const address = context.params.address;
  // The page size is bounded by the declaration: the node's `max_account_modules_page_size` default, also its
  // default limit (a snapshot's node settings predate module paging and do not record it).
  const { start: startKey, limit } = context.query;
  const version = requestedVersion(context);
  const keyed = [...context.store.modules(address, version)]
    .sort(compareModuleKeys)
    .map((module) => ({ module, key: moduleStateKey(address, module.abi.name) }))
    .filter(({ key }) => startKey === undefined || Buffer.compare(key, startKey) >= 0);
  const page = keyed.slice(0, limit).map(({ module }) => module);
  const next = keyed[limit];
  const cursor = next === undefined ? [] : cursorHeaderEntries(formatCursor(next.key));
  if (context.output === 'bcs') {
    const body = encodeModuleMap(
      address,
      page.map((module) => ({ name: module.abi.name, bytecode: module.bytecode })),
    );
    return bcsReply(body, context.ledger, cursor);
  }
  // The ABI's interfaces (shared/move/abi.ts) are not yet the reply schema's type: an untyped reply.
  return jsonReply(page.map(moduleJson), context.ledger, cursor);
}

/** `GET /v1/accounts/{address}/module/{module_name}?ledger_version`. */
export function getModule(context: ContextOf<'accountModule'>): ServiceReply {
  const { address, module_name: name } = context.params;
  const version = requestedVersion(context);
  const module = context.store.module(address, name, version);
  if (module === undefined) {
    throw notFound(
      'module_not_found',
      `Module not found by Address(${formatAddress(address)}), Module name(${name}) and Ledger version(${version})`,
    );
  }
  if (context.output === 'bcs') return bcsReply(module.bytecode, context.ledger);
  return jsonReply(moduleJson(module), context.ledger);
}
