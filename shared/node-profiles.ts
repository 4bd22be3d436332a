/**
 * The remote nodes a user can pick by name. Custom `http:`/`https:` URLs are allowed too; a base
 * URL always ends in `/v1` (the node API's root), as the profiles below do.
 */

/** Names of the built-in node profiles. */
export type NodeProfileName = 'mainnet' | 'testnet' | 'devnet' | 'localnet';

/** A built-in node profile: what the UI shows and the node's API base URL. */
export interface NodeProfile {
  readonly name: NodeProfileName;
  readonly label: string;
  readonly url: string;
  /** The network's hosted indexer (GraphQL), which `/v1/graphql` forwards to; none for a local node. */
  readonly indexerUrl?: string;
}

/** The public fullnodes of the Aptos networks and a local node (`aptos node run-localnet`). */
export const NODE_PROFILES: Readonly<Record<NodeProfileName, NodeProfile>> = {
  mainnet: {
    name: 'mainnet',
    label: 'Mainnet',
    url: 'https://api.mainnet.aptoslabs.com/v1',
    indexerUrl: 'https://api.mainnet.aptoslabs.com/v1/graphql',
  },
  testnet: {
    name: 'testnet',
    label: 'Testnet',
    url: 'https://api.testnet.aptoslabs.com/v1',
    indexerUrl: 'https://api.testnet.aptoslabs.com/v1/graphql',
  },
  devnet: {
    name: 'devnet',
    label: 'Devnet',
    url: 'https://api.devnet.aptoslabs.com/v1',
    indexerUrl: 'https://api.devnet.aptoslabs.com/v1/graphql',
  },
  localnet: { name: 'localnet', label: 'Localnet', url: 'http://127.0.0.1:8080/v1' },
};

/** True when `name` is a built-in profile name. */
export function isNodeProfileName(name: string): name is NodeProfileName {
  return Object.hasOwn(NODE_PROFILES, name);
}

/**
 * The node base URL for a profile name or a custom URL: `http:`/`https:` only, no credentials in
 * the URL, trailing slashes removed, `/v1` appended when the path does not end in it.
 * Throws an `Error` with a one-line message otherwise.
 */
export function resolveNodeUrl(nameOrUrl: string): string {
  if (isNodeProfileName(nameOrUrl)) return NODE_PROFILES[nameOrUrl].url;
  let url: URL;
  try {
    url = new URL(nameOrUrl);
  } catch {
    throw new Error(`"${nameOrUrl}" is neither a node profile (mainnet, testnet, devnet, localnet) nor a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`node URL must be http: or https:, got ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    throw new Error('node URL must not carry credentials (use an API key)');
  if (url.search !== '' || url.hash !== '') throw new Error('node URL must not have a query or fragment');
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/v1') ? path : `${path}/v1`;
  return url.toString().replace(/\/+$/, '');
}

/**
 * The indexer GraphQL URL for a profile name (its hosted indexer) or a custom URL (`http:`/`https:`, no
 * credentials, no fragment; used as given). Throws an `Error` with a one-line message otherwise.
 */
export function resolveIndexerUrl(nameOrUrl: string): string {
  if (isNodeProfileName(nameOrUrl)) {
    const known = NODE_PROFILES[nameOrUrl].indexerUrl;
    if (known === undefined) throw new Error(`the ${nameOrUrl} profile has no known indexer; give its URL`);
    return known;
  }
  let url: URL;
  try {
    url = new URL(nameOrUrl);
  } catch {
    throw new Error(`"${nameOrUrl}" is neither a node profile (mainnet, testnet, devnet) nor a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`indexer URL must be http: or https:, got ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    throw new Error('indexer URL must not carry credentials (use an API key)');
  if (url.hash !== '') throw new Error('indexer URL must not have a fragment');
  return url.toString();
}
