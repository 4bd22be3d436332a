/**
 * What one endpoint declaration says, and the types derived from it. Each route the service answers
 * is declared once (shared/api/endpoints/*.ts, gathered in shared/api/registry.ts): method, path
 * pattern, query parameters, request body, reply schema (valibot; the TypeScript type is inferred
 * from it), the error codes it answers and which sources serve it. The service's route table, the
 * reply cache's key, the remote proxy's shape checks, the not-served answers, the renderer's typed
 * client and the tests' coverage checks are all derived from these declarations.
 */
import type * as v from 'valibot';
import type { StructTag } from '../type-tag.ts';
import type { ErrorCode } from './error-record.ts';

/** HTTP methods the service routes. */
export type EndpointMethod = 'GET' | 'POST';

/** Sources that answer an endpoint: a snapshot file, a remote node (through the proxy). */
export type EndpointSource = 'snapshot' | 'remote';

/**
 * How a query parameter parses: `u64` a decimal u64, `u16` a decimal u16 (page limits), `bool`
 * `true` or `false`, `address` an account address, `cursor` the resources paging cursor (hex), `text`
 * any text. The service parses every declared parameter before the handler runs
 * (electron/service/declared-parameters.ts); the reply cache keys on exactly the declared names.
 */
export type QueryParameterKind = 'u64' | 'u16' | 'bool' | 'address' | 'cursor' | 'text';

/** One query parameter. */
export interface QueryParameter {
  readonly kind: QueryParameterKind;
  /** Whether a request without it is refused (400). */
  readonly required?: boolean;
  /** Smallest accepted value of a number (below: 400 `invalid_input`; `limit`: 1 where 0 is refused). */
  readonly min?: number;
  /** Largest value of a number: a larger one is clamped to it, as the node clamps page sizes. */
  readonly max?: number;
  /** The value of a number when the parameter is left out. */
  readonly default?: number;
  /** What it means, as docs/api.md says it. */
  readonly doc: string;
}

/** The query parameters of an endpoint, by name (parsed in this order: the first that fails is answered). */
export type QuerySpec = Readonly<Record<string, QueryParameter>>;

/**
 * How a path parameter parses: `address` an account address, `u64` a decimal u64, `struct_tag` a
 * Move struct tag, `identifier` a Move identifier, `hash` a 32-byte hex hash, `text` any text (the
 * handler reads it).
 */
export type PathParameterKind = 'address' | 'u64' | 'struct_tag' | 'identifier' | 'hash' | 'text';

/**
 * The BCS reply (`Accept: application/x-bcs`) of a node endpoint: what the bytes are. Explorer
 * endpoints answer JSON only (`undefined`).
 */
export interface BcsReply {
  readonly doc: string;
}

/** One endpoint: everything the service, the proxy, the client and the docs need to know about it. */
export interface Endpoint<
  Path extends string = string,
  Query extends QuerySpec = QuerySpec,
  Reply extends v.GenericSchema = v.GenericSchema,
  Body extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  Params extends PathSpec<Path> = PathSpec<Path>,
> {
  readonly method: EndpointMethod;
  /** Path pattern: `:name` segments are path parameters. */
  readonly path: Path;
  /** How each path parameter parses (one entry per `:name` of the pattern, a type error otherwise). */
  readonly params: Params;
  readonly query: Query;
  /** The JSON request body of a POST. */
  readonly body: Body;
  /** The JSON reply of a success. */
  readonly reply: Reply;
  /** Status of a success (201 for a capture). */
  readonly status?: number;
  readonly bcs: BcsReply | undefined;
  /** `error_code`s this endpoint answers, besides the ones every endpoint may (see {@link COMMON_ERRORS}). */
  readonly errors: readonly ErrorCode[];
  readonly sources: readonly EndpointSource[];
  /** One line for docs/api.md. */
  readonly doc: string;
}

/** Codes any endpoint may answer: a part that does not parse, a source that cannot be read. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['web_framework_error', 'internal_error'];

/** The names of the `:name` segments of a path pattern. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a pattern, as text (each is percent-encoded into its segment). */
export type PathParams<Path extends string> = { readonly [Name in PathParamNames<Path>]: string };

/** The declared kind of each path parameter of a pattern. */
export type PathSpec<Path extends string> = { readonly [Name in PathParamNames<Path>]: PathParameterKind };

/** What a path parameter of each kind parses into. */
interface ParsedPathKinds {
  readonly address: Uint8Array;
  readonly u64: bigint;
  readonly struct_tag: StructTag;
  readonly identifier: string;
  readonly hash: Uint8Array;
  readonly text: string;
}

/** What a query parameter of each kind parses into. */
interface ParsedQueryKinds {
  readonly u64: bigint;
  readonly u16: number;
  readonly bool: boolean;
  readonly address: Uint8Array;
  readonly cursor: Uint8Array;
  readonly text: string;
}

/** The path parameters a handler receives, parsed by their declared kinds. */
export type ParsedPath<Spec> = { readonly [Name in keyof Spec]: ParsedPathKinds[Spec[Name] & PathParameterKind] };

/**
 * The query a handler receives, parsed and bounded by the declaration: undefined when left out, unless
 * required or defaulted.
 */
export type ParsedQuery<Query extends QuerySpec> = {
  readonly [Name in keyof Query]:
    | ParsedQueryKinds[Query[Name]['kind']]
    | (Query[Name] extends { readonly required: true } | { readonly default: number } ? never : undefined);
};

/** The value a client passes for one query parameter. */
type QueryValue<P extends QueryParameter> = P['kind'] extends 'u64' | 'u16'
  ? string | number | bigint
  : P['kind'] extends 'bool'
    ? string | boolean
    : string;

/** The query a client passes: required parameters required, the others optional (undefined: left out). */
export type QueryParams<Query extends QuerySpec> = {
  readonly [Name in keyof Query as Query[Name]['required'] extends true ? Name : never]: QueryValue<Query[Name]>;
} & {
  readonly [Name in keyof Query as Query[Name]['required'] extends true ? never : Name]?:
    QueryValue<Query[Name]> | undefined;
};

/** `T` with every object field and array read-only, all the way down (replies are never changed). */
export type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The JSON reply type of an endpoint, inferred from its schema (read-only). */
export type ReplyOf<E extends Endpoint> = DeepReadonly<v.InferOutput<E['reply']>>;

/** The JSON body type of a POST endpoint. */
export type BodyOf<E extends Endpoint> = E['body'] extends v.GenericSchema ? v.InferInput<E['body']> : undefined;

/**
 * Declares an endpoint (an identity function that keeps the literal types: the path's parameter
 * names, the query's kinds, the schema).
 */
export function endpoint<
  const Path extends string,
  const Query extends QuerySpec,
  Reply extends v.GenericSchema,
  Body extends v.GenericSchema | undefined = undefined,
  const Params extends PathSpec<Path> = PathSpec<Path>,
>(declaration: Endpoint<Path, Query, Reply, Body, Params>): Endpoint<Path, Query, Reply, Body, Params> {
  return declaration;
}

/** The pattern as the node's documentation (and docs/api.md) writes it: `{name}` for parameters. */
export function shownPath(pattern: string): string {
  return pattern.replace(/:([a-z_]+)/g, '{$1}');
}

/** The path of a request to `pattern` with its parameters percent-encoded into their segments. */
export function pathOf<Path extends string>(pattern: Path, params: PathParams<Path>): string {
  return filledPath(pattern, params);
}

/**
 * The path of a request to `pattern` from values looked up by name (a read assembled at run time); a missing one
 * throws, naming it.
 */
export function filledPath(pattern: string, values: Readonly<Record<string, string | undefined>>): string {
  return pattern.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`path parameter ${name} of ${pattern} is missing`);
    return encodeURIComponent(value);
  });
}
