/**
 * A stand-in for a real fullnode (no `/explorer/v1`) in front of a `ledger-explorer serve`, for the remote journeys:
 * the remote proxy (`serve --remote`) in front of it answers as over a node without the explorer API.
 */
import { startStandInNode, type StandInNode } from './stand-in-node.ts';

/**
 * A stand-in for a real fullnode in front of `backend`: `/v1` is passed through unchanged, except
 * `GET /v1/blocks/by_version/{v}`, which a node serves and a snapshot does not (answered in the
 * node's shape from the backend's `/explorer/v1/versions/{v}`); `/explorer/*` answers the 404 a
 * node's web framework gives to unknown paths. Versions in `unknownBlocks` have no known block (404
 * `block_not_found`), as on a node whose block index is pruned further than its transactions.
 */
export function startNodeWithoutExplorer(
  backend: string,
  unknownBlocks: ReadonlySet<string> = new Set(),
): Promise<StandInNode> {
  return startStandInNode(backend, (req, res) => {
    if (req.url?.startsWith('/explorer/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not Found', error_code: 'web_framework_error', vm_error_code: null }));
      return true;
    }
    const byVersion = /^\/v1\/blocks\/by_version\/(\d+)$/.exec(req.url ?? '');
    if (byVersion && unknownBlocks.has(byVersion[1]!)) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: `Block not found by version ${byVersion[1]}`, error_code: 'block_not_found' }));
      return true;
    }
    if (byVersion) {
      void fetch(`${backend}/explorer/v1/versions/${byVersion[1]}`).then(async (answer) => {
        const body = (await answer.json()) as Record<string, string>;
        const block = answer.ok
          ? {
              block_height: body.block_height,
              block_hash: `0x${'0'.repeat(64)}`,
              block_timestamp: body.block_timestamp_usec,
              first_version: body.block_first_version,
              last_version: body.block_last_version,
              transactions: null,
            }
          : body;
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        answer.headers.forEach((value, name) => {
          if (name.startsWith('x-aptos-')) headers[name] = value;
        });
        res.writeHead(answer.status, headers);
        res.end(JSON.stringify(block));
      });
      return true;
    }
    return false;
  });
}
