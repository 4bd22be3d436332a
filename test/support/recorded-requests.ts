/**
 * The fixed list of requests record-replies.ts answers: every route of the service in JSON and BCS,
 * the paging and version forms the contract tests use, and their error cases. Values come from the
 * fixture's samples, so the list is the same for the same fixture.
 */
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { U64_MAX_TEXT } from '../../shared/ledger/u64.ts';

/** One request: method, path with query, headers, and a body for POSTs. */
export interface RecordedRequest {
  readonly method: 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

const BCS = { accept: 'application/x-bcs' } as const;
const enc = encodeURIComponent;

/** Both formats of a GET. */
function both(path: string): RecordedRequest[] {
  return [
    { method: 'GET', path },
    { method: 'GET', path, headers: BCS },
  ];
}

/** The requests for a fixture described by `info`. */
/** `resourceCursor` is the cursor of the second page of 0x1's resources at `limit=2`. */
export function recordedRequests(info: SnapshotInfo, resourceCursor: string): RecordedRequest[] {
  const latest = BigInt(info.latestVersion);
  const oldest = BigInt(info.oldestVersion);
  const middle = (latest + oldest) / 2n;
  const stream = info.samples.eventStreams[0];
  const table = info.samples.tables[0];
  const sender = info.samples.senders[0]?.address ?? '0x1';
  const large = info.samples.largeAccounts[0]?.address ?? '0x1';
  const txn = info.samples.transactions.feePayer ?? info.samples.transactions.user;
  const block = info.samples.blocks[0];
  if (!stream || !table) throw new Error('the fixture has no sampled event stream or table');
  const item = { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] };
  const post = (path: string, body: unknown, headers?: Record<string, string>): RecordedRequest => ({
    method: 'POST',
    path,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(headers ? { headers } : {}),
  });
  const events = `/v1/accounts/${stream.address}/events`;
  return [
    // Ledger and gas.
    ...both('/v1'),
    ...both('/v1/'),
    ...both('/v1/estimate_gas_price'),
    { method: 'HEAD', path: '/v1' },
    // Accounts.
    ...both('/v1/accounts/0x1'),
    ...both(`/v1/accounts/0x1?ledger_version=${middle}`),
    ...both('/v1/accounts/0xdead00000000000000000000000000000000000000000000000000000000beef'),
    ...both('/v1/accounts/0xzz'),
    ...both(`/v1/accounts/0x1?ledger_version=${latest + 1n}`),
    ...both(`/v1/accounts/0x1?ledger_version=${oldest - 1n}`),
    ...both(`/v1/accounts/${sender}/transaction_summaries?limit=3`),
    ...both(`/v1/accounts/${sender}/transaction_summaries?start_version=${middle}&end_version=${latest}&limit=5`),
    ...both(`/v1/accounts/${sender}/transaction_summaries?limit=0`),
    ...both(`/v1/accounts/${sender}/transaction_summaries?start_version=x`),
    // Resources and modules.
    ...both('/v1/accounts/0x1/resources?limit=2'),
    ...both(`/v1/accounts/0x1/resources?limit=2&start=${resourceCursor}`),
    ...both(`/v1/accounts/0x1/resources?ledger_version=${middle}&limit=3`),
    ...both(`/v1/accounts/${large}/resources?limit=50`),
    ...both('/v1/accounts/0x1/resources/?limit=2'),
    // Resource groups: an object's members listed in place (limit counts keys), one member, the group tag (404).
    ...both('/v1/accounts/0xa/resources'),
    ...both('/v1/accounts/0xa/resources?limit=1'),
    ...both(`/v1/accounts/0xa/resources?ledger_version=${middle}`),
    ...both(`/v1/accounts/0xa/resource/${enc('0x1::fungible_asset::Metadata')}`),
    ...both(`/v1/accounts/0xa/resource/${enc('0x1::object::ObjectGroup')}`),
    ...both('/v1/accounts/0x1/resources?limit=0'),
    ...both('/v1/accounts/0x1/resources?start=zz'),
    ...both('/v1/accounts/0x1/resources//'),
    ...both('/v1/accounts//resources'),
    ...both(`/v1/accounts/0x1/resource/${enc('0x1::account::Account')}`),
    ...both(`/v1/accounts/0x1/resource/${enc('0x1::account::Account')}?ledger_version=${oldest}`),
    ...both(`/v1/accounts/0x1/resource/${enc('0x1::nope::Nope')}`),
    ...both(`/v1/accounts/0x1/resource/${enc('0x1::m::S<')}`),
    ...both('/v1/accounts/0x1/modules'),
    // Modules paging: a first page of two (its cursor names the third module), resumed from 0x1's first resource key.
    ...both('/v1/accounts/0x1/modules?limit=2'),
    ...both(`/v1/accounts/0x1/modules?limit=2&start=${resourceCursor}`),
    ...both('/v1/accounts/0x1/modules?limit=0'),
    ...both(`/v1/accounts/0x1/modules?ledger_version=${middle}`),
    ...both('/v1/accounts/0x1/module/coin'),
    ...both('/v1/accounts/0x1/module/account'),
    ...both('/v1/accounts/0x1/module/no_such_module'),
    ...both('/v1/accounts/0x1/module/9bad'),
    // Events.
    ...both(`${events}/${stream.creationNumber}`),
    ...both(`${events}/${stream.creationNumber}?start=0&limit=3`),
    ...both(`${events}/${enc(stream.struct)}/${stream.field}`),
    ...both(`${events}/${enc(stream.struct)}/${stream.field}?start=1&limit=2`),
    ...both('/v1/accounts/0x1/events/999'),
    ...both(`/v1/accounts/0x1/events/${U64_MAX_TEXT}`),
    ...both('/v1/accounts/0x1/events/abc'),
    ...both(`${events}/${stream.creationNumber}?limit=0`),
    ...both('/v1/accounts/0x1/events/0x1::nope::Nope/events'),
    ...both('/v1/accounts/0x1/events/0x1::account::Account/no_such_field'),
    ...both('/v1/accounts/0x1/events/0x1::account::Account/sequence_number'),
    // Tables.
    post(`/v1/tables/${table.handle}/item`, item),
    post(`/v1/tables/${table.handle}/item`, item, BCS),
    post(`/v1/tables/${table.handle}/item?ledger_version=${latest}`, item),
    post(`/v1/tables/${table.handle}/item`, { ...item, key_type: 'u8' }),
    post(`/v1/tables/${table.handle}/item`, { ...item, key_type: 'vector<' }),
    post(`/v1/tables/${table.handle}/item`, '{not json'),
    post('/v1/tables/0xzz/item', item),
    post(`/v1/tables/${table.handle}/raw_item`, { key: table.rawKeys[0] }, BCS),
    post(`/v1/tables/${table.handle}/raw_item`, { key: table.rawKeys[0] }),
    post(`/v1/tables/${table.handle}/raw_item`, { key: 'zz' }, BCS),
    post(`/v1/tables/${table.handle}/raw_item`, { key: '0x00' }, BCS),
    // Explorer extras.
    ...both('/explorer/v1/accounts?limit=3'),
    ...both(`/explorer/v1/accounts?limit=3&after=0x1&ledger_version=${middle}`),
    ...both('/explorer/v1/accounts?limit=0'),
    ...both('/explorer/v1/accounts?limit=65536'),
    ...both('/explorer/v1/accounts?after=0xzz'),
    ...both(`/explorer/v1/accounts?ledger_version=${latest + 1n}`),
    ...both('/explorer/v1/tables'),
    ...both(`/explorer/v1/accounts/${sender}/assets`),
    ...both(`/explorer/v1/accounts/0x1/assets?ledger_version=${middle}`),
    ...both('/explorer/v1/tables?limit=2&after=0x1'),
    ...both(`/explorer/v1/tables/${table.handle}`),
    ...both('/explorer/v1/tables/0x1234'),
    ...both('/explorer/v1/tables/0xzz'),
    ...both('/explorer/v1/blocks?limit=5'),
    ...both(`/explorer/v1/blocks?limit=5&before=${U64_MAX_TEXT}`),
    ...both('/explorer/v1/blocks?before=-1'),
    ...both('/explorer/v1/search?q=0x1'),
    ...both(`/explorer/v1/search?q=${table.handle}`),
    ...both(`/explorer/v1/search?q=${enc('0x1::account::Account')}`),
    ...both('/explorer/v1/search'),
    ...(txn ? both(`/explorer/v1/search?q=${txn.hash}`) : []),
    ...(block ? both(`/explorer/v1/search?q=${enc(`block ${block.height}`)}`) : []),
    ...both(`/explorer/v1/search?q=${info.samples.fungibleAssets[0] ?? '0xa'}`),
    ...both(`/explorer/v1/search?q=${info.samples.objects[info.samples.objects.length - 1] ?? '0x1'}`),
    ...both(`/explorer/v1/versions/${middle}`),
    ...both(`/explorer/v1/versions/${latest + 1n}`),
    ...both(`/explorer/v1/versions/${oldest - 1n}`),
    ...both('/explorer/v1/versions/abc'),
    ...both('/explorer/v1/event-streams'),
    ...both(`/explorer/v1/transactions/by_version/${middle}/changes`),
    ...both(`/explorer/v1/transactions/by_version/${middle}/changes?start=1&limit=2`),
    ...both(`/explorer/v1/transactions/by_version/${latest + 1n}/changes`),
    ...both(`/explorer/v1/transactions/by_version/${oldest - 1n}/changes`),
    ...both(`/explorer/v1/transactions/by_version/${oldest}/changes`),
    ...both('/explorer/v1/event-streams?limit=3'),
    ...both('/explorer/v1/event-streams?limit=0'),
    post('/explorer/v1/capture', { accounts: ['0x1'] }),
    ...both('/explorer/v1/source'),
    ...both('/explorer/v1/source/digest'),
    { method: 'GET', path: '/explorer/v1/capture' },
    // Paths and methods nothing serves, and node routes a snapshot does not serve.
    ...both('/v1/nope'),
    ...both('/explorer/v1/nope'),
    { method: 'GET', path: '/v1/transactions' },
    { method: 'POST', path: '/v1/transactions', body: '{}' },
    { method: 'GET', path: '/v1/transactions/by_version/5' },
    { method: 'GET', path: '/v1/transactions/by_hash/0x12' },
    { method: 'GET', path: '/v1/blocks/by_height/1' },
    { method: 'GET', path: '/v1/accounts/0x1/transactions' },
    { method: 'GET', path: '/v1/view' },
    // Transactions and blocks.
    ...both(`/v1/transactions/by_version/${txn?.version ?? latest}`),
    ...both(`/v1/transactions/by_version/${latest + 1n}`),
    ...both(`/v1/transactions/by_version/${oldest - 1n}`),
    ...both(`/v1/transactions/by_hash/${txn?.hash ?? '0x12'}`),
    ...both(`/v1/transactions/wait_by_hash/${txn?.hash ?? '0x12'}`),
    ...both(`/v1/transactions/by_hash/0x${'ab'.repeat(32)}`),
    ...both(`/v1/transactions?start=${txn?.version ?? latest}&limit=3`),
    ...both(`/v1/transactions?start=${latest + 1n}`),
    ...both(`/v1/blocks/by_height/${block?.height ?? 0}?with_transactions=true`),
    ...both(`/v1/blocks/by_version/${block?.lastVersion ?? latest}`),
    ...both(`/v1/blocks/by_height/${block?.height ?? 0}`),
    ...both(`/v1/accounts/${sender}/transactions?limit=2`),
    ...both(`/v1/transactions/by_version/${info.samples.transactions.failed?.version ?? latest}`),
    // Reads computed from state: balances and view functions.
    ...both(`/v1/accounts/${sender}/balance/0x1::aptos_coin::AptosCoin`),
    ...both(`/v1/accounts/${sender}/balance/${enc('0x1::aptos_coin::AptosCoin')}?ledger_version=${middle}`),
    ...both(`/v1/accounts/${sender}/balance/0xa`),
    ...both('/v1/accounts/0x1/balance/not::a::type<'),
    post('/v1/view', {
      function: '0x1::coin::balance',
      type_arguments: ['0x1::aptos_coin::AptosCoin'],
      arguments: [sender],
    }),
    post(`/v1/view?ledger_version=${middle}`, { function: '0x1::account::exists_at', arguments: [sender] }),
    post('/v1/view', { function: '0x1::coin::symbol', type_arguments: ['0x1::aptos_coin::AptosCoin'] }),
    post('/v1/view', { function: '0x1::coin::transfer', type_arguments: [], arguments: [] }),
    post('/v1/view', { function: '0x1::account::exists_at', arguments: [] }),
    post('/v1/view', '{}'),
    post('/v1/view', '{'),
    // The indexer's GraphQL (a fixture without the indexer tables answers that it has none).
    post('/v1/graphql', { query: '{ processor_status { processor last_success_version } }' }),
    post(`/v1/graphql?ledger_version=${middle}`, {
      query:
        'query H($a: String) { account_transactions(where: {account_address: {_eq: $a}}, ' +
        'order_by: {transaction_version: desc}, limit: 3) { transaction_version user_transaction { sender } } }',
      variables: { a: sender },
    }),
    post('/v1/graphql', { query: '{ no_such_table { x } }' }),
    post('/v1/graphql', '{'),
    { method: 'GET', path: '/v1/-/healthy' },
    { method: 'GET', path: '/v1/spec.json' },
    { method: 'DELETE', path: '/v1/accounts/0x1' },
    { method: 'PUT', path: '/v1' },
    { method: 'GET', path: `/v1/tables/${table.handle}/item` },
  ];
}
