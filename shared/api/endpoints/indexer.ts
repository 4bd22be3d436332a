/**
 * The indexer's GraphQL API (`POST /v1/graphql`, Hasura's dialect: docs/api.md, "The indexer (GraphQL)"): a snapshot
 * answers it from the indexer tables it stores, as of any retained version; a remote source forwards it to the
 * indexer named by `--indexer` (or its node profile's).
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint.ts';
import { LEDGER_VERSION } from './common-parameters.ts';

/** One GraphQL error, as Hasura writes it. */
const graphqlError = v.looseObject({
  message: v.string(),
  extensions: v.optional(v.looseObject({ path: v.optional(v.string()), code: v.optional(v.string()) })),
});

/**
 * The message of a source that has no indexer: the 404 of `/v1/graphql` on a snapshot without the indexer tables or
 * a remote source without `--indexer`, and what the UI says when `GET /explorer/v1/source` tells it so.
 */
export const NO_INDEXER_MESSAGE =
  'This source has no indexer: /v1/graphql needs a snapshot with the indexer tables ' +
  '(written by "ledger-explorer snapshot generate" and "snapshot capture" since format v3; upgrade an older file ' +
  'with "ledger-explorer snapshot upgrade IN --out OUT"), or a remote node served with --indexer URL';

/** The request header that pins an answer to a version, like `?ledger_version=`. */
export const LEDGER_VERSION_HEADER = 'x-aptos-ledger-version';

/** `POST /v1/graphql`: a GraphQL request `{query, variables?, operationName?}`. */
export const graphql = endpoint({
  method: 'POST',
  path: '/v1/graphql',
  params: {},
  query: {
    ledger_version: {
      ...LEDGER_VERSION,
      doc:
        'answer as of this version (also the `x-aptos-ledger-version` header; default: the latest): ' +
        'current_* tables as they were then, later log rows hidden',
    },
  },
  body: v.looseObject({
    query: v.string(),
    variables: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
    operationName: v.optional(v.nullable(v.string())),
  }),
  reply: v.union([
    v.looseObject({ data: v.record(v.string(), v.unknown()) }),
    v.looseObject({ errors: v.array(graphqlError) }),
  ]),
  bcs: undefined,
  errors: ['version_not_found', 'version_pruned'],
  sources: ['snapshot', 'remote'],
  doc: "the indexer's GraphQL answer (`data`, or Hasura's `errors` array)",
});
