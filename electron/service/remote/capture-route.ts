/**
 * `POST /explorer/v1/capture` — "Save to snapshot": captures accounts at a version into a new
 * snapshot file in the captures folder, reading through the serving source itself (the remote
 * proxy, or the snapshot service in-process), and answers 201 with the file. Only for local use:
 * the route exists only when the server was given a captures folder (serve does so only when bound
 * to a loopback address), it requires a JSON body (so a web page cannot send it without a CORS
 * preflight, which is never granted) and refuses requests a browser marks cross-site.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isAddress } from '../../../shared/address.ts';
import { parseTypeTag } from '../../../shared/type-tag.ts';
import type { LedgerInfo } from '../../snapshot/ledger-store.ts';
import { captureLedger } from '../../snapshot/capture/capture-ledger.ts';
import {
  CaptureError,
  type CaptureData,
  type CaptureSource,
  type TableItemRequest,
} from '../../snapshot/capture/capture-types.ts';
import { writeCapture } from '../../snapshot/capture/write-capture.ts';
import { OutputExistsError } from '../../snapshot/snapshot-writer.ts';
import { isJsonContentType } from '../content-negotiation.ts';
import { isLoopback } from '../host-check.ts';
import { ApiError, describeError, invalidInput, type ErrorCode } from '../http-errors.ts';
import type { RequestContext } from '../request-context.ts';
import { readJsonObject } from '../request-body.ts';
import { errorReply, jsonReply } from '../responses.ts';
import type { ServiceReply, ServiceRequest } from '../service-reply.ts';

/** Where captures go, and what to record as their origin when the source is a snapshot. */
export interface CaptureTarget {
  /** The captures folder (created when missing). */
  readonly folder: string;
  /** Origin URL recorded for captures of a snapshot (e.g. its `file:` URL); default `snapshot`. */
  readonly sourceUrl?: string | undefined;
}

/** At most this many accounts and table items per capture request. */
const MAX_ACCOUNTS = 100;
const MAX_TABLE_ITEMS = 1000;

const KNOWN_STATUS_CODES = new Set<string>([
  'version_not_found',
  'version_pruned',
  'invalid_input',
  'internal_error',
  'web_framework_error',
]);

/** The body, checked: accounts (addresses), optional `ledger_version` and `tables`. */
function parseCaptureBody(body: Readonly<Record<string, unknown>>): {
  accounts: string[];
  version: bigint | undefined;
  tables: TableItemRequest[];
} {
  const accounts = body['accounts'];
  if (
    !Array.isArray(accounts) ||
    accounts.length === 0 ||
    accounts.length > MAX_ACCOUNTS ||
    !accounts.every((a) => typeof a === 'string' && isAddress(a))
  ) {
    throw invalidInput(`"accounts" must be a list of 1 to ${MAX_ACCOUNTS} addresses`);
  }
  const versionText = body['ledger_version'];
  if (versionText !== undefined && (typeof versionText !== 'string' || !/^\d{1,20}$/.test(versionText))) {
    throw invalidInput('"ledger_version" must be a decimal u64 string');
  }
  const tablesJson = body['tables'] ?? [];
  if (!Array.isArray(tablesJson) || tablesJson.length > MAX_TABLE_ITEMS)
    throw invalidInput(`"tables" must be a list of at most ${MAX_TABLE_ITEMS} items`);
  const tables = tablesJson.map((item: unknown): TableItemRequest => {
    const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const { handle, key_type: keyType, value_type: valueType, key } = record;
    if (
      typeof handle !== 'string' ||
      !isAddress(handle) ||
      typeof keyType !== 'string' ||
      typeof valueType !== 'string' ||
      key === undefined
    ) {
      throw invalidInput('each of "tables" must be {"handle", "key_type", "value_type", "key"}');
    }
    try {
      parseTypeTag(keyType);
      parseTypeTag(valueType);
    } catch (error) {
      throw invalidInput(`table item types: ${describeError(error)}`);
    }
    return { handle, keyType, valueType, key };
  });
  return {
    accounts: accounts as string[],
    version: versionText === undefined ? undefined : BigInt(versionText),
    tables,
  };
}

/** A new file name in `folder`: `capture-<chain>-v<version>-<time>[-n].db`. */
export function captureFileName(folder: string, chainId: number, version: bigint, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const stem = `capture-chain${chainId}-v${version}-${stamp}`;
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? `${stem}.db` : `${stem}-${n}.db`;
    if (!existsSync(join(folder, name))) return name;
  }
}

/**
 * Writes `data` under a new name in `folder`. A capture never replaces a file: when another capture
 * took the name meanwhile (same chain, version and second), the next free name is used.
 */
function writeNewCapture(data: CaptureData, folder: string): { file: string; name: string } {
  for (let attempt = 1; ; attempt += 1) {
    const name = captureFileName(folder, data.chainId, data.version, new Date(data.capturedAt));
    const file = join(folder, name);
    try {
      writeCapture(data, file);
      return { file, name };
    } catch (error) {
      if (!(error instanceof OutputExistsError) || attempt === 3) throw error;
    }
  }
}

/** Answers a capture request, reading through `source`. */
export async function captureReply(
  request: ServiceRequest,
  source: CaptureSource,
  target: CaptureTarget | undefined,
  ledger: LedgerInfo | undefined,
): Promise<ServiceReply> {
  try {
    if (target === undefined)
      throw new ApiError(
        403,
        'api_disabled',
        'capture is not available here: the server has no captures ' +
          'folder (it is bound to a non-loopback address, or capture is off)',
      );
    if (request.header('sec-fetch-site') === 'cross-site')
      throw new ApiError(403, 'web_framework_error', 'capture requests from other sites are refused');
    if (!isJsonContentType(request.header('content-type')))
      throw new ApiError(415, 'web_framework_error', 'capture requests must be JSON (Content-Type: application/json)');
    const body = parseCaptureBody(await readJsonObject(request));
    const data = await captureLedger(source, { accounts: body.accounts, version: body.version, tables: body.tables });
    mkdirSync(target.folder, { recursive: true });
    const { file, name } = writeNewCapture(data, target.folder);
    return jsonReply(
      { file, name, bytes: statSync(file).size, ledger_version: data.version.toString() },
      ledger,
      [],
      201,
    );
  } catch (error) {
    if (error instanceof ApiError)
      return errorReply(error.status, error.errorCode, error.message, ledger, error.headers);
    if (error instanceof CaptureError) {
      const code = (KNOWN_STATUS_CODES.has(error.errorCode) ? error.errorCode : 'internal_error') as ErrorCode;
      return errorReply(error.status, code, `Capture failed: ${error.message}`, ledger);
    }
    return errorReply(500, 'internal_error', `Capture failed: ${describeError(error)}`, ledger);
  }
}

/** The snapshot service's route: captures from the open snapshot, through a read service in-process. */
export async function captureRoute(context: RequestContext): Promise<ServiceReply> {
  // Imported here, not at the top: read-service → router → this module would be an import cycle.
  const { createReadService } = await import('../read-service.ts');
  const service = createReadService({ store: context.store, responseCache: false });
  const target = context.options.capture;
  const source: CaptureSource = {
    fetch: service,
    baseUrl: 'http://127.0.0.1/v1',
    nodeUrl: target?.sourceUrl ?? 'snapshot',
  };
  return captureReply(context.request, source, target, context.ledger);
}

/** The capture target of a server bound to `host`: only loopback servers may write captures. */
export function captureTargetFor(host: string, folder: string, sourceUrl?: string): CaptureTarget | undefined {
  return isLoopback(host) ? { folder, sourceUrl } : undefined;
}
