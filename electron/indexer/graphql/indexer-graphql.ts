/**
 * The indexer's GraphQL engine over a snapshot: a request body (`{query, variables, operationName}`) in, the
 * answer's status and JSON text out. graphql-js parses and validates against the schema generated from the table
 * declarations (hasura-schema.ts); our code plans and resolves to SQL as of a ledger version (resolve-plan.ts).
 * Bad input is always GraphQL errors (graphql-errors.ts), bounded before validation (query-limits.ts). Parsed and
 * validated documents are kept per query text, so a client repeating its queries pays for parsing once.
 */
import type Database from 'better-sqlite3';
import {
  executeSync,
  GraphQLError,
  Kind,
  parse,
  validate,
  getVariableValues,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { IndexerTable } from '../indexer-table.ts';
import { GraphqlFailure, graphqlErrorsJson, type GraphqlErrorEntry } from './graphql-errors.ts';
import { buildIndexerSchema } from './hasura-schema.ts';
import { checkQueryShape, DEFAULT_QUERY_LIMITS, type QueryLimits } from './query-limits.ts';
import { resolvePlans } from './resolve-plan.ts';
import { planOperation } from './selection-plan.ts';
import { sqlRunner, type SqlRunner } from './sql-runner.ts';
import { registerSqlAggregates } from './sql-aggregates.ts';
import { checkRequestShape, type GraphqlRequest } from './graphql-request.ts';

/** An answer: HTTP status and the JSON body. */
export interface GraphqlAnswer {
  readonly status: number;
  readonly body: string;
}

/** The engine of one snapshot. */
export interface IndexerGraphql {
  readonly tables: readonly IndexerTable[];
  readonly schema: GraphQLSchema;
  /** Answers a parsed JSON request body as of `version`. */
  answer(body: unknown, version: bigint): GraphqlAnswer;
}

/** Options of {@link createIndexerGraphql}. */
export interface IndexerGraphqlOptions {
  /** The snapshot's connection, opened read-only. */
  readonly db: Database.Database;
  readonly tables: readonly IndexerTable[];
  readonly limits?: QueryLimits | undefined;
}

interface Prepared {
  readonly document: DocumentNode;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}

const MAX_CACHED_DOCUMENTS = 256;
const MAX_CACHED_QUERY_LENGTH = 16 * 1024;

function entryOf(error: GraphQLError, code: GraphqlErrorEntry['extensions']['code']): GraphqlErrorEntry {
  const path = error.path ? `$.${error.path.join('.')}` : code === 'validation-failed' ? '$.query' : '$';
  return { message: error.message, extensions: { path, code } };
}

/** Creates the engine over `options.db`. */
export function createIndexerGraphql(options: IndexerGraphqlOptions): IndexerGraphql {
  const limits = options.limits ?? DEFAULT_QUERY_LIMITS;
  const schema = buildIndexerSchema(options.tables);
  registerSqlAggregates(options.db);
  const tables = new Map(options.tables.map((t) => [t.name, t]));
  const runner: SqlRunner = sqlRunner(options.db);
  const documents = new Map<string, Prepared>();

  const prepare = (query: string): Prepared => {
    const cached = documents.get(query);
    if (cached) return cached;
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: limits.maxTokens, noLocation: true });
    } catch (error) {
      // graphql-js stops at maxTokens with a syntax error: that one is a limit, the others are bad syntax.
      if (error instanceof GraphQLError)
        throw GraphqlFailure.of([
          entryOf(error, /tokens/.test(error.message) ? 'limit-exceeded' : 'validation-failed'),
        ]);
      throw error;
    }
    checkQueryShape(document, limits);
    const errors = validate(schema, document, undefined, { maxErrors: 10 });
    if (errors.length > 0) throw GraphqlFailure.of(errors.map((e) => entryOf(e, 'validation-failed')));
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    const prepared = { document, fragments };
    if (query.length <= MAX_CACHED_QUERY_LENGTH) {
      if (documents.size >= MAX_CACHED_DOCUMENTS) documents.delete(documents.keys().next().value as string);
      documents.set(query, prepared);
    }
    return prepared;
  };

  const operationOf = (document: DocumentNode, name: string | undefined): OperationDefinitionNode => {
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const operation =
      name === undefined
        ? operations.length === 1
          ? operations[0]
          : undefined
        : operations.find((o) => o.name?.value === name);
    if (!operation) {
      const message =
        name === undefined
          ? 'exactly one operation has to be present if no operationName is given'
          : `no such operation found in the document: "${name}"`;
      throw new GraphqlFailure(message, 'validation-failed');
    }
    if (operation.operation !== 'query')
      throw new GraphqlFailure(`this indexer answers queries only, not a ${operation.operation}`, 'validation-failed');
    return operation;
  };

  const run = (request: GraphqlRequest, version: bigint): string => {
    const { document, fragments } = prepare(request.query);
    const operation = operationOf(document, request.operationName);
    const introspection = operation.selectionSet.selections.some(
      (s) => s.kind === Kind.FIELD && s.name.value.startsWith('__') && s.name.value !== '__typename',
    );
    if (introspection) {
      const result = executeSync({
        schema,
        document,
        operationName: request.operationName,
        variableValues: request.variables,
      });
      return JSON.stringify(result);
    }
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables, {
      maxErrors: 10,
    });
    if (coerced.errors) throw GraphqlFailure.of(coerced.errors.map((e) => entryOf(e, 'validation-failed')));
    const plans = planOperation(operation.selectionSet, {
      schema,
      tables,
      fragments,
      variables: coerced.variableValues,
    });
    return `{"data":${resolvePlans({ runner, tables, version, limits, rows: 0 }, plans)}}`;
  };

  return {
    tables: options.tables,
    schema,
    answer(body: unknown, version: bigint): GraphqlAnswer {
      try {
        return { status: 200, body: run(checkRequestShape(body), version) };
      } catch (error) {
        if (error instanceof GraphqlFailure) return { status: error.status, body: graphqlErrorsJson(error.errors) };
        // A request nested beyond the stack (deep input objects) is refused like any other hostile query.
        if (error instanceof RangeError)
          return {
            status: 200,
            body: graphqlErrorsJson(new GraphqlFailure('the request nests too deeply', 'limit-exceeded').errors),
          };
        throw error;
      }
    },
  };
}
