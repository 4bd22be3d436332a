/** The path of a token's page (renderer/features/token/token-page.tsx), for the features that link to it. */
import { normalizeAddress } from '../../shared/address.ts';

/** `/tokens/{token_data_id}` in the node's short form (the page reads the indexer's long form itself). */
export function tokenPath(tokenDataId: string): string {
  return `/tokens/${normalizeAddress(tokenDataId)}`;
}
