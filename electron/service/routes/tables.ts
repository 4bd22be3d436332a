/**
 * `POST /v1/tables/{table_handle}/item` and `POST /v1/tables/{table_handle}/raw_item`
 * (docs/node-behaviour.md §2): look up a table item as of a ledger version, by JSON key + types or
 * by raw BCS key bytes.
 */
import { formatAddress } from '../../../shared/address.ts';
import { bytesToHex, hexToBytes } from '../../../shared/hex.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { resolveLayout } from '../../../shared/move/layout.ts';
import { ApiError, describeError, invalidInput, notFound, unparsable } from '../http-errors.ts';
import { decodeStoredValue } from '../json-bodies.ts';
import { parseTypeTagInput } from '../params.ts';
import { readJsonObject, requiredField, requiredString } from '../request-body.ts';
import { requestedVersion, type ContextOf } from '../request-context.ts';
import { bcsReply, jsonReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { previewJson } from '../../../shared/json-preview.ts';
import { quoteInput } from '../../../shared/quote-input.ts';

function tableItemNotFound(handle: Uint8Array, key: string, version: bigint): ApiError {
  return notFound(
    'table_item_not_found',
    `Table Item not found by Table handle(${formatAddress(handle)}), Table key(${key}) and Ledger version(${version})`,
  );
}

/** `POST /v1/tables/{table_handle}/item`: decoded lookup by JSON key. */
export async function getTableItem(context: ContextOf<'tableItem'>): Promise<ServiceReply> {
  const handle = context.params.table_handle;
  const body = await readJsonObject(context.request);
  const keyTypeText = requiredString(body, 'key_type');
  const valueTypeText = requiredString(body, 'value_type');
  const key = requiredField(body, 'key');
  const keyType = parseTypeTagInput(keyTypeText, 'key_type');
  const valueType = parseTypeTagInput(valueTypeText, 'value_type');
  const version = requestedVersion(context);
  const lookup = context.store.abiLookup(version);

  let keyBytes: Uint8Array;
  try {
    keyBytes = encodeMoveValue(key, resolveLayout(keyType, lookup));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidInput(`Failed to parse key into the key_type ${quoteInput(keyTypeText)}: ${describeError(error)}`);
  }

  const bytes = context.store.tableItem(handle, keyBytes, version);
  if (bytes === undefined) throw tableItemNotFound(handle, previewJson(key), version);
  if (context.output === 'bcs') return bcsReply(bytes, context.ledger);
  return jsonReply(
    decodeStoredValue(bytes, valueType, lookup, `table item value as ${quoteInput(valueTypeText)}`),
    context.ledger,
  );
}

/** `POST /v1/tables/{table_handle}/raw_item`: lookup by BCS key bytes; BCS output only. */
export async function getRawTableItem(context: ContextOf<'rawTableItem'>): Promise<ServiceReply> {
  const handle = context.params.table_handle;
  const body = await readJsonObject(context.request);
  const keyText = requiredString(body, 'key');
  let keyBytes: Uint8Array;
  try {
    keyBytes = hexToBytes(keyText);
  } catch (error) {
    throw unparsable(`parse request payload error: field \`key\` is not hex-encoded bytes: ${describeError(error)}`);
  }
  if (context.output === 'json') {
    throw new ApiError(
      403,
      'api_disabled',
      'Get raw table item is not supported with JSON output: only BCS ' +
        'is supported as an AcceptType (send Accept: application/x-bcs)',
    );
  }
  const version = requestedVersion(context);
  const bytes = context.store.tableItem(handle, keyBytes, version);
  if (bytes === undefined) throw tableItemNotFound(handle, quoteInput(bytesToHex(keyBytes)), version);
  return bcsReply(bytes, context.ledger);
}
