/**
 * Reading the JSON bodies of the two table endpoints: wrong content type is 415, more than
 * {@link MAX_BODY_BYTES} is 413, malformed JSON or a missing/mistyped field is 400
 * `web_framework_error` (docs/node-behaviour.md §1), and so is a body over the decode budget (request-limits.ts),
 * checked before it is parsed.
 */
import { quoteInput } from '../../shared/quote-input.ts';
import { isJsonContentType } from './content-negotiation.ts';
import { ApiError, unparsable } from './http-errors.ts';
import { checkJsonBodyShape } from './request-limits.ts';
import type { ServiceRequest } from './service-reply.ts';

/** Largest accepted request body: 8 MiB, as the node's content length limit. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Strict UTF-8 (a non-streaming decode starts afresh each call, so one decoder serves every request). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** 413 for a body over the limit. */
function payloadTooLarge(): ApiError {
  return new ApiError(
    413,
    'web_framework_error',
    `payload too large: request bodies are limited to ${MAX_BODY_BYTES} bytes`,
  );
}

/** 415 for a body that is not JSON. */
function unsupportedMediaType(contentType: string | null): ApiError {
  const shown = contentType === null ? 'no content type' : `the content type "${quoteInput(contentType)}"`;
  return new ApiError(
    415,
    'web_framework_error',
    `unsupported media type: ${shown} is not supported, expected application/json`,
  );
}

/** Reads the request body as a JSON object (the shape both table endpoints expect). */
export async function readJsonObject(request: ServiceRequest): Promise<Readonly<Record<string, unknown>>> {
  const contentType = request.header('content-type');
  if (!isJsonContentType(contentType)) throw unsupportedMediaType(contentType);
  const declared = Number(request.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw payloadTooLarge();
  const bytes = await request.body();
  if (bytes.byteLength > MAX_BODY_BYTES) throw payloadTooLarge();
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw unparsable('parse request payload error: the body is not valid UTF-8');
  }
  checkJsonBodyShape(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed JSON';
    throw unparsable(`parse request payload error: ${quoteInput(reason)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw unparsable('parse request payload error: expected a JSON object');
  }
  return value as Record<string, unknown>;
}

/** A required string field of a request body (missing or not a string: 400 `web_framework_error`). */
export function requiredString(body: Readonly<Record<string, unknown>>, field: string): string {
  const value = body[field];
  if (value === undefined) throw unparsable(`parse request payload error: missing field \`${field}\``);
  if (typeof value !== 'string') throw unparsable(`parse request payload error: field \`${field}\` must be a string`);
  return value;
}

/** A required field of any JSON type (missing: 400 `web_framework_error`). */
export function requiredField(body: Readonly<Record<string, unknown>>, field: string): unknown {
  if (!Object.hasOwn(body, field)) throw unparsable(`parse request payload error: missing field \`${field}\``);
  return body[field];
}
