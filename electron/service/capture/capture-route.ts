/**
 * `POST /explorer/v1/capture` — "Save to snapshot": captures accounts at a version into a new
 * snapshot file in the captures folder, reading through the serving source itself, and answers 201
 * with the file. The feature is handed the service's own `serve` ({@link createCaptureRoute}), so it
 * never reaches back for the service's factory. Only for local use: the route writes only when the
 * server was given a captures folder (serve does so only when bound to a loopback address), it
 * requires a JSON body (so a web page cannot send it without a CORS preflight, which is never granted)
 * and refuses requests a browser marks cross-site.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { captureLedger } from '../../snapshot/capture/capture-ledger.ts';
import { CaptureError, type CaptureData, type CaptureSource } from '../../snapshot/capture/capture-types.ts';
import { writeCapture } from '../../snapshot/capture/write-capture.ts';
import { OutputExistsError } from '../../snapshot/snapshot-writer.ts';
import { isJsonContentType } from '../content-negotiation.ts';
import { ApiError, describeError, type ErrorCode } from '../http-errors.ts';
import type { ContextOf } from '../request-context.ts';
import { readJsonObject } from '../request-body.ts';
import { errorReply, jsonReply } from '../responses.ts';
import { responseOf, serviceRequestOf, type ServiceReply, type ServiceRequest } from '../service-reply.ts';
import { parseCaptureBody } from './capture-body.ts';
import type { CaptureHandler, CaptureTarget } from './capture-target.ts';
import { removeOrphanedPartials } from './orphan-partials.ts';

/** What {@link createCaptureRoute} needs from its service. */
export interface CaptureRouteOptions {
  /** The service's own request handler: every read of a capture goes through it. */
  readonly serve: (request: ServiceRequest) => Promise<ServiceReply>;
  /** Where captures are written; without it the route answers 403. */
  readonly target: CaptureTarget | undefined;
  /** Recorded as a capture's origin when the target names none (a node's URL). Default `snapshot`. */
  readonly origin?: string | undefined;
}

const KNOWN_STATUS_CODES = new Set<string>([
  'version_not_found',
  'version_pruned',
  'invalid_input',
  'internal_error',
  'web_framework_error',
]);

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

/** The error reply of a failed capture. */
function failure(error: unknown, ledger: Parameters<CaptureHandler>[1]): ServiceReply {
  if (error instanceof ApiError) return errorReply(error.status, error.errorCode, error.message, ledger, error.headers);
  if (error instanceof CaptureError) {
    const code = (KNOWN_STATUS_CODES.has(error.errorCode) ? error.errorCode : 'internal_error') as ErrorCode;
    return errorReply(error.status, code, `Capture failed: ${error.message}`, ledger);
  }
  return errorReply(500, 'internal_error', `Capture failed: ${describeError(error)}`, ledger);
}

/** The capture feature of one service, reading through `options.serve`. */
export function createCaptureRoute(options: CaptureRouteOptions): CaptureHandler {
  const { serve, target } = options;
  const source: CaptureSource = {
    fetch: async (request) => responseOf(await serve(serviceRequestOf(request))),
    baseUrl: 'http://127.0.0.1/v1',
    nodeUrl: target?.sourceUrl ?? options.origin ?? 'snapshot',
  };
  return async (request, ledger) => {
    try {
      if (target === undefined)
        throw new ApiError(
          403,
          'api_disabled',
          'capture is not available here: the server has no captures folder ' +
            '(it is bound to a non-loopback address, or capture is off)',
        );
      if (request.header('sec-fetch-site') === 'cross-site')
        throw new ApiError(403, 'web_framework_error', 'capture requests from other sites are refused');
      if (!isJsonContentType(request.header('content-type')))
        throw new ApiError(
          415,
          'web_framework_error',
          'capture requests must be JSON (Content-Type: application/json)',
        );
      const body = parseCaptureBody(await readJsonObject(request));
      removeOrphanedPartials(target.folder);
      const data = await captureLedger(source, body);
      mkdirSync(target.folder, { recursive: true });
      const { file, name } = writeNewCapture(data, target.folder);
      return jsonReply(
        { file, name, bytes: statSync(file).size, ledger_version: data.version.toString() },
        ledger,
        [],
        201,
      );
    } catch (error) {
      return failure(error, ledger);
    }
  };
}

/** The route table's binding: the request's service's own capture feature. */
export function captureRoute(context: ContextOf<'explorerCapture'>): Promise<ServiceReply> {
  return context.capture(context.request, context.ledger);
}
