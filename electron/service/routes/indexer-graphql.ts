/**
 * `POST /v1/graphql` on a snapshot: the request body read (8 MiB at most, strict UTF-8, JSON; a body that is none
 * is a 400 with GraphQL errors, as Hasura answers it), the version to answer as of (`?ledger_version=` or the
 * `x-aptos-ledger-version` header, checked against the retained window like every `/v1` route), then the
 * snapshot's indexer engine (electron/indexer/graphql/). A snapshot without the indexer tables answers one error
 * record saying so.
 */
import { LEDGER_VERSION_HEADER, NO_INDEXER_MESSAGE } from '../../../shared/api/endpoints/indexer.ts';
import { graphqlErrorsJson, GraphqlFailure } from '../../indexer/graphql/graphql-errors.ts';
import { ApiError, describeError, serviceUnavailable } from '../http-errors.ts';
import { parseU64 } from '../params.ts';
import { MAX_BODY_BYTES } from '../request-body.ts';
import { checkVersion, requestedVersion, type ContextOf } from '../request-context.ts';
import { jsonReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';

/** The message of a source that has no indexer (also the remote source's, without `--indexer`). */
export { NO_INDEXER_MESSAGE };

/** The handler's context: the endpoint's declared query (`ledger_version` parsed) and no path parameters. */
type GraphqlContext = ContextOf<'graphql'>;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function failure(context: GraphqlContext, error: GraphqlFailure): ServiceReply {
  return { ...jsonReply(0, context.ledger, [], error.status), body: graphqlErrorsJson(error.errors) };
}

/** The version asked by the query parameter or the header (both: they must agree); default the latest. */
function versionOf(context: GraphqlContext): bigint {
  const header = context.request.header(LEDGER_VERSION_HEADER);
  if (header === null) return requestedVersion(context);
  const fromHeader = parseU64(header.trim(), LEDGER_VERSION_HEADER, 'header');
  // The query parameter was parsed by the declaration before the handler ran (declared-parameters.ts).
  const fromQuery = context.query.ledger_version;
  if (fromQuery !== undefined && fromQuery !== fromHeader)
    throw new ApiError(
      400,
      'invalid_input',
      `ledger_version=${fromQuery} and the ${LEDGER_VERSION_HEADER} header ${header} disagree`,
    );
  return checkVersion(fromHeader, context.ledger);
}

async function bodyOf(context: GraphqlContext): Promise<unknown> {
  const declared = Number(context.request.header('content-length') ?? '0');
  const tooLarge = (): ApiError =>
    new ApiError(
      413,
      'web_framework_error',
      `payload too large: request bodies are limited to ${MAX_BODY_BYTES} bytes`,
    );
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const bytes = await context.request.body();
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new GraphqlFailure('the body is not valid UTF-8', 'invalid-json', '$', 400);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new GraphqlFailure(`the body is not JSON: ${(error as Error).message}`, 'invalid-json', '$', 400);
  }
}

/** `POST /v1/graphql` over the snapshot's indexer tables. */
export async function graphqlRoute(context: GraphqlContext): Promise<ServiceReply> {
  let indexer;
  try {
    indexer = context.options.indexer?.();
  } catch (error) {
    throw serviceUnavailable(`The ledger cannot be read (indexer tables): ${describeError(error)}`);
  }
  if (indexer === undefined) throw new ApiError(404, 'web_framework_error', NO_INDEXER_MESSAGE);
  const version = versionOf(context);
  let body: unknown;
  try {
    body = await bodyOf(context);
  } catch (error) {
    if (error instanceof GraphqlFailure) return failure(context, error);
    throw error;
  }
  const answer = indexer.answer(body, version);
  return { ...jsonReply(0, context.ledger, [], answer.status), body: answer.body };
}
