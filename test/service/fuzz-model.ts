/**
 * The vocabulary of the fuzz (fuzz.test.ts): a generated request, its parts, and the verdict each
 * part carries — valid, or the status and code the rules give when it is broken (docs/node-behaviour.md
 * §1, docs/api.md). The generators (fuzz-arbitraries.ts, fuzz-bodies.ts, fuzz-shapes.ts) attach
 * verdicts; the oracle (fuzz-oracle.ts) turns them into the answers a request allows.
 */
import type { EndpointName } from '../../shared/api/registry.ts';

/** The largest u64: above it a number is not a u64 (400 web_framework_error). */
export { U64_MAX } from '../../shared/ledger/u64.ts';

/** The error a broken part must produce on its own (`unknown`: broken in a way not predicted). */
export type Fault = { readonly status: number; readonly code: string } | 'unknown';
/** Unparsable path, query or body (docs/node-behaviour.md §1 status table). */
export const WFE: Fault = { status: 400, code: 'web_framework_error' };
/** Parses but is invalid (bad body type tag, nesting, key not fitting, `limit=0`). */
export const INVALID: Fault = { status: 400, code: 'invalid_input' };
/** A `ledger_version` above the latest. */
export const NOT_FOUND_VERSION: Fault = { status: 404, code: 'version_not_found' };
/** A `ledger_version` below the oldest. */
export const PRUNED: Fault = { status: 410, code: 'version_pruned' };
/** A request head over Node's 16 KiB limit (compared by identity in the oracle). */
export const TOO_LARGE_HEAD: Fault = { status: 431, code: 'web_framework_error' };

/** A path segment (already as sent) or a query value, with its verdict. */
export interface Part {
  readonly text: string;
  readonly fault?: Fault | undefined;
}
/** One query parameter as sent. */
export interface Param {
  readonly name: string;
  readonly value: Part;
}

/** Percent-encodes a path segment or query value (well-formed strings only). */
export const enc = (text: string): string => encodeURIComponent(text);
/** A path segment sent encoded, with the verdict of its decoded text. */
export const seg = (text: string, fault: Fault | undefined): Part => ({ text: enc(text), fault });

/** The body format the Accept header asks for (docs/node-behaviour.md §1). */
export type Format = 'json' | 'bcs';

/** A generated request and what the rules say about it. */
export interface FuzzRequest {
  readonly endpoint: FuzzTarget;
  readonly method: string;
  readonly routeMethod: 'GET' | 'POST' | undefined;
  readonly segments: readonly Part[];
  readonly params: readonly Param[];
  readonly accept: string | undefined;
  readonly format: Format;
  readonly body?:
    | {
        readonly contentType: string | undefined;
        readonly data: string | Uint8Array;
        readonly fault?: Fault | undefined;
      }
    | undefined;
  /** Answers allowed when every part is valid (status or `status:code`). */
  readonly allowed: readonly string[];
  /** Extra faults of the request as a whole (e.g. JSON output of raw_item). */
  readonly extra: readonly Fault[];
}

/** Methods Node's HTTP parser refuses before the service sees the request (400). */
export const UNPARSABLE_METHODS = ['FOO', 'XYZZY'];

/**
 * Declared endpoints (shared/api/registry.ts) the fuzz leaves out, and why; every other one must be
 * generated (fuzz-coverage.test.ts fails otherwise).
 */
export const NOT_FUZZED: Partial<Readonly<Record<EndpointName, string>>> = {
  explorerCapture: 'writes a snapshot file per request; its rules are in test/remote/capture-*.test.ts',
  graphql:
    'its input is a GraphQL document in the body, not path and query parts; hostile documents, variables and ' +
    'bodies are in test/indexer/graphql-hostile.test.ts',
};

/** What a generated request is aimed at: a declared endpoint, or a path no route serves. */
export type FuzzTarget = EndpointName | 'unknown_route';
