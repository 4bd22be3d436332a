/**
 * What one endpoint declaration says, and the types derived from it. Each route the service answers
 * is declared once (shared/api/endpoints/*.ts, gathered in shared/api/registry.ts): method, path
 * pattern, query parameters, request body, reply schema (valibot; the TypeScript type is inferred
 * from it), the error codes it answers and which sources serve it. The service's route table, the
 * reply cache's key, the remote proxy's shape checks, the not-served answers, the renderer's typed
 * client and the tests' coverage checks are all derived from these declarations.
 */
import type * as v from 'valibot';
import type { ErrorCode } from './error-record.ts';

/** HTTP methods the service routes. */
export type EndpointMethod = 'GET' | 'POST';

/** Sources that answer an endpoint: a snapshot file, a remote node (through the proxy). */
export type EndpointSource = 'snapshot' | 'remote';

/**
 * How a query parameter parses: `u64` a decimal u64, `u16` a decimal u16 (page limits), `address`
 * an account address, `cursor` the resources paging cursor (hex), `text` any text.
 */
export type QueryParameterKind = 'u64' | 'u16' | 'address' | 'cursor' | 'text';

/** One query parameter. */
export interface QueryParameter {
  readonly kind: QueryParameterKind;
  /** Whether the reply depends on it, so the reply cache keys on it (false: never read by the route). */
  readonly keyed: boolean;
  /** Whether a request without it is refused (400). */
  readonly required?: boolean;
  /** Smallest and largest accepted value of a number (`limit`: 1 up to the route's maximum). */
  readonly min?: number;
  readonly max?: number;
  /** What it means, as docs/api.md says it. */
  readonly doc: string;
}

/** The query parameters of an endpoint, by name. */
export type QuerySpec = Readonly<Record<string, QueryParameter>>;

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
> {
  readonly method: EndpointMethod;
  /** Path pattern: `:name` segments are path parameters. */
  readonly path: Path;
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

/** The value a client passes for one query parameter. */
type QueryValue<P extends QueryParameter> = P['kind'] extends 'u64' | 'u16' ? string | number | bigint : string;

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
>(declaration: Endpoint<Path, Query, Reply, Body>): Endpoint<Path, Query, Reply, Body> {
  return declaration;
}

/** The pattern as the node's documentation (and docs/api.md) writes it: `{name}` for parameters. */
export function shownPath(pattern: string): string {
  return pattern.replace(/:([a-z_]+)/g, '{$1}');
}

/** The path of a request to `pattern` with its parameters percent-encoded into their segments. */
export function pathOf<Path extends string>(pattern: Path, params: PathParams<Path>): string {
  const values = params as Readonly<Record<string, string>>;
  return pattern.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`path parameter ${name} of ${pattern} is missing`);
    return encodeURIComponent(value);
  });
}
