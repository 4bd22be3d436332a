/**
 * The indexer's GraphQL engine over a snapshot: a request body (`{query, variables, operationName}`) in, the
 * answer's status and JSON text out. graphql-js parses and validates against the schema generated from the table
 * declarations (hasura-schema.ts); our code plans and resolves to SQL as of a ledger version (resolve-plan.ts).
 * Bad input is always GraphQL errors (graphql-errors.ts), bounded before validation (query-limits.ts). Parsed and
 * validated documents are kept per query text, and plans with their root SQL per query and variables' shape
 * (request-template.ts), so a client repeating its queries with other values pays for parsing, planning and SQL
 * building once; both caches are bounded by entries and bytes.
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
import { planOperation, type RootPlan } from './selection-plan.ts';
import { BoundedCache, TaintedTemplate, variableShape } from './request-template.ts';
import type { CompiledRoot } from './resolve-rows.ts';
import { sqlRunner, type SqlRunner } from './sql-runner.ts';
import { registerIndexerFunctions } from '../indexer-functions.ts';
import { registerSqlAggregates } from './sql-aggregates.ts';
import { withDecodedOnRead } from './decoded-on-read.ts';
import { noteViewJoins } from './object-joins.ts';
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
  /** Entries and estimated bytes of the engine's caches (documents, templates, statements): all bounded. */
  cacheSizes(): Readonly<Record<'documents' | 'templates' | 'statements', { entries: number; bytes: number }>>;
}

/** Options of {@link createIndexerGraphql}. */
export interface IndexerGraphqlOptions {
  /** The snapshot's connection, opened read-only. */
  readonly db: Database.Database;
  readonly tables: readonly IndexerTable[];
  readonly limits?: QueryLimits | undefined;
}

interface Prepared {
  /** Unique per parse (never reused): a template's key names its document by it, not by the query's text. */
  readonly id: number;
  readonly document: DocumentNode;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}

const MAX_CACHED_DOCUMENTS = 256;
const MAX_CACHED_DOCUMENT_BYTES = 16 * 1024 * 1024;
const MAX_CACHED_QUERY_LENGTH = 16 * 1024;
const MAX_TEMPLATES = 512;
const MAX_TEMPLATE_BYTES = 16 * 1024 * 1024;

/** A template: the plans made from the shape's variables, and the root statements built from them. */
interface Template {
  readonly plans: readonly RootPlan[];
  readonly roots: Map<unknown, CompiledRoot>;
}

function entryOf(error: GraphQLError, code: GraphqlErrorEntry['extensions']['code']): GraphqlErrorEntry {
  const path = error.path ? `$.${error.path.join('.')}` : code === 'validation-failed' ? '$.query' : '$';
  return { message: error.message, extensions: { path, code } };
}

/** Creates the engine over `options.db`. */
export function createIndexerGraphql(options: IndexerGraphqlOptions): IndexerGraphql {
  const limits = options.limits ?? DEFAULT_QUERY_LIMITS;
  const schema = buildIndexerSchema(options.tables);
  registerSqlAggregates(options.db);
  // The views of the file's own tables render some columns with the indexer's functions (indexer-functions.ts).
  registerIndexerFunctions(options.db);
  const served = withDecodedOnRead(options.db, options.tables);
  noteViewJoins(options.db, served);
  const tables = new Map(served.map((t) => [t.name, t]));
  const runner: SqlRunner = sqlRunner(options.db);
  const documents = new BoundedCache<Prepared>(MAX_CACHED_DOCUMENTS, MAX_CACHED_DOCUMENT_BYTES);
  const templates = new BoundedCache<Template | 'none'>(MAX_TEMPLATES, MAX_TEMPLATE_BYTES);
  let parsed = 0;

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
    parsed += 1;
    const prepared = { id: parsed, document, fragments };
    // A parsed document holds several times its text (its AST nodes).
    if (query.length <= MAX_CACHED_QUERY_LENGTH) documents.set(query, prepared, query.length * 16);
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
    const prepared = prepare(request.query);
    const { document, fragments } = prepared;
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
    const planOf = (variables: Readonly<Record<string, unknown>>): RootPlan[] => {
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 10 });
      if (coerced.errors) throw GraphqlFailure.of(coerced.errors.map((e) => entryOf(e, 'validation-failed')));
      return planOperation(operation.selectionSet, { schema, tables, fragments, variables: coerced.variableValues });
    };
    const templated =
      request.query.length <= MAX_CACHED_QUERY_LENGTH ? fromTemplate(prepared.id, request, version, planOf) : undefined;
    if (templated !== undefined) return templated;
    return `{"data":${resolvePlans({ runner, tables, version, limits, rows: 0 }, planOf(request.variables))}}`;
  };

  /**
   * The answer through the request's template (request-template.ts), or undefined when its shape has none: a shape
   * whose sentinels would be used transformed, or that failed, is remembered as such and answered without.
   */
  const fromTemplate = (
    documentId: number,
    request: GraphqlRequest,
    version: bigint,
    planOf: (variables: Readonly<Record<string, unknown>>) => RootPlan[],
  ): string | undefined => {
    const shape = variableShape(request.variables);
    if (shape.key.length > MAX_CACHED_QUERY_LENGTH) return undefined;
    // The document's id stands for the query's text (a short key: hashed on every request).
    const key = `${documentId}\u0001${request.operationName ?? ''}\u0001${shape.key}`;
    let template = templates.get(key);
    if (template === 'none') return undefined;
    try {
      if (template === undefined) {
        template = { plans: planOf(shape.substituted), roots: new Map() };
        // The plans hold the query's arguments: sized as a few times its text.
        templates.set(key, template, request.query.length * 8 + shape.key.length * 2);
      }
      const state = {
        runner,
        tables,
        version,
        limits,
        rows: 0,
        sentinels: shape.values,
        roots: template.roots,
        grew: (bytes: number) => templates.grow(key, bytes),
      };
      return `{"data":${resolvePlans(state, template.plans)}}`;
    } catch (error) {
      if (!(error instanceof TaintedTemplate) && !(error instanceof GraphqlFailure)) throw error;
      // Answered without the template; a real failure of the request recurs there and is answered as such.
      templates.set(key, 'none', 0);
      return undefined;
    }
  };

  return {
    tables: options.tables,
    schema,
    cacheSizes: () => ({ documents: documents.size, templates: templates.size, statements: runner.kept() }),
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
