/**
 * `serve`'s usage and options, apart from its code so that the help loads none of the service
 * (electron/cli/main.ts imports a command's code only to run it).
 */
import { DEFAULT_MAX_CONNECTIONS } from '../service/http-server.ts';
import { DEFAULT_MAX_IN_FLIGHT } from '../service/remote/remote-options.ts';
import type { CommandSpec } from './cli-args.ts';
import { sampleSnapshotPath } from './data-folder.ts';

/** Usage text of `serve`. */
export const SERVE_USAGE = `  serve [--snapshot FILE] [--host 127.0.0.1] [--port 8080] [--ui DIR] [--no-cache]
        [--max-connections ${DEFAULT_MAX_CONNECTIONS}] [--cors-origin ORIGIN]…
                             serve the node read API (/v1) and explorer API (/explorer/v1) over HTTP, and the
                             web UI at / (--ui DIR: another build of it); prints where to start looking;
                             without --snapshot, the sample snapshot, generated on first use into
                             ${sampleSnapshotPath()};
                             --port 0 = any free port; --no-cache: answer every request from the store;
                             --max-connections: more open connections are refused (each may buffer an 8 MiB body);
                             --indexer-port N: the same server also listens on port N (8090: where the official
                             explorer's "local" network looks for the indexer's /v1/graphql);
                             /v1 answers browser pages of any origin as a node does (CORS); --cors-origin
                             ORIGIN (repeatable) allows only the origins named
  serve --remote URL|mainnet|testnet|devnet|localnet [--indexer URL|mainnet|testnet|devnet]
        [--api-key K [--share-api-key]] [--host …] [--port …] [--indexer-port N]
        [--ui DIR] [--max-connections N] [--max-in-flight ${DEFAULT_MAX_IN_FLIGHT}] [--cors-origin ORIGIN]…
                             the same over a remote node instead of a snapshot (its /v1 is proxied, with
                             timeouts, retries and checks; --api-key is sent as a bearer token; with a
                             non-loopback --host only with --share-api-key: everyone who reaches the
                             server then uses the key); with --api-key, no other origin may read it and
                             browser requests from other sites are refused unless --cors-origin names them;
                             --max-in-flight: most requests sent to the node at once, the others wait their
                             turn (fairly across clients) or are answered 503 with Retry-After when they
                             could not be sent within the 5 s connect timeout;
                             /v1/graphql is forwarded to --indexer (default: the profile's hosted indexer)
`;

/** The options `serve` accepts. */
export const SERVE_OPTIONS = {
  snapshot: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'no-cache': { type: 'boolean' },
  ui: { type: 'string' },
  remote: { type: 'string' },
  'api-key': { type: 'string' },
  'share-api-key': { type: 'boolean' },
  'max-connections': { type: 'string' },
  'max-in-flight': { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  indexer: { type: 'string' },
  'indexer-port': { type: 'string' },
} as const;

/** `serve` for the help and its test. */
export const SERVE_COMMAND: CommandSpec = { name: 'serve', usage: SERVE_USAGE, options: SERVE_OPTIONS };
