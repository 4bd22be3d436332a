/**
 * The rest of the official TypeScript SDK's indexer calls (test/indexer/sdk-indexer.test.ts has the first ones),
 * unchanged, against the read service over real HTTP on the shared fixture: every call of `@aptos-labs/ts-sdk` that
 * reads the indexer, its answer checked against the snapshot's own rows or REST. The calls that cannot pass (tables
 * the processors do not derive, ANS refused by the SDK on a custom network) are listed in docs/api.md, "What differs
 * from the hosted indexer", and checked here to fail as documented.
 */
import { Account, Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';

let store: SnapshotStore;
let server: RunningHttpServer;
let aptos: Aptos;
const APT = '0x1::aptos_coin::AptosCoin';

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('main'));
  server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
  aptos = new Aptos(
    new AptosConfig({ network: Network.CUSTOM, fullnode: `${server.url}/v1`, indexer: `${server.url}/v1/graphql` }),
  );
});
afterAll(async () => {
  await server.close();
  store.close();
});

function one<T>(sql: string, ...params: unknown[]): T {
  return store.database
    .prepare(sql)
    .pluck()
    .get(...params) as T;
}

/** The owner of the most tokens now, one of its tokens' collection. */
function tokenOwner(): { owner: string; collectionId: string; tokenId: string } {
  const owner = one<string>(
    'SELECT owner_address FROM ix_current_token_ownerships_v2 WHERE _valid_to IS NULL AND amount <> ? ' +
      'GROUP BY owner_address ORDER BY count(*) DESC LIMIT 1',
    '0',
  );
  const tokenId = one<string>(
    'SELECT token_data_id FROM ix_current_token_ownerships_v2 WHERE owner_address = ? AND _valid_to IS NULL LIMIT 1',
    owner,
  );
  const collectionId = one<string>(
    'SELECT collection_id FROM ix_current_token_datas_v2 WHERE token_data_id = ? AND _valid_to IS NULL',
    tokenId,
  );
  return { owner, collectionId, tokenId };
}

describe('@aptos-labs/ts-sdk indexer calls against serve (the rest)', () => {
  it('counts tokens, lists them per collection and groups an owner’s collections', async () => {
    const { owner, collectionId } = tokenOwner();
    const held = one<number>(
      'SELECT count(*) FROM ix_current_token_ownerships_v2 WHERE owner_address = ? AND _valid_to IS NULL ' +
        "AND amount <> '0'",
      owner,
    );
    expect(await aptos.getAccountTokensCount({ accountAddress: owner })).toBe(held);
    const inCollection = await aptos.getAccountOwnedTokensFromCollectionAddress({
      accountAddress: owner,
      collectionAddress: collectionId,
    });
    expect(inCollection.length).toBeGreaterThan(0);
    for (const token of inCollection) expect(token.current_token_data?.collection_id).toBe(collectionId);
    const collections = await aptos.getAccountCollectionsWithOwnedTokens({ accountAddress: owner });
    const mine = collections.find((c) => c.collection_id === collectionId);
    expect(mine?.owner_address).toBe(owner);
    expect(mine?.current_collection?.collection_id).toBe(collectionId);
    const distinct = one<number>(
      'SELECT count(DISTINCT o.token_data_id) FROM ix_current_token_ownerships_v2 o JOIN ix_current_token_datas_v2 d ' +
        "ON d.token_data_id = o.token_data_id AND d._valid_to IS NULL WHERE o.owner_address = ? AND o.amount <> '0' " +
        'AND o._valid_to IS NULL AND d.collection_id = ?',
      owner,
      collectionId,
    );
    expect(mine?.distinct_tokens).toBe(distinct);
  });

  it('reads collections four ways, the collection id, owned digital assets and a token’s activity', async () => {
    const { owner, collectionId, tokenId } = tokenOwner();
    const collection = await aptos.getCollectionDataByCollectionId({ collectionId });
    expect(collection.collection_id).toBe(collectionId);
    const byName = { creatorAddress: collection.creator_address, collectionName: collection.collection_name };
    expect((await aptos.getCollectionDataByCreatorAddressAndCollectionName(byName)).collection_id).toBe(collectionId);
    expect((await aptos.getCollectionData(byName)).cdn_asset_uris?.asset_uri ?? '').toBe(collection.uri);
    expect(
      (await aptos.getCollectionDataByCreatorAddress({ creatorAddress: collection.creator_address })).creator_address,
    ).toBe(collection.creator_address);
    expect(await aptos.getCollectionId(byName)).toBe(collectionId);
    const owned = await aptos.getOwnedDigitalAssets({ ownerAddress: owner });
    expect(owned.map((o) => o.token_data_id)).toContain(tokenId);
    const activity = await aptos.getDigitalAssetActivity({ digitalAssetAddress: tokenId });
    const stored = one<number>('SELECT count(*) FROM ix_token_activities_v2 WHERE token_data_id = ?', tokenId);
    expect(activity).toHaveLength(Math.min(stored, 100));
    for (const row of activity) expect(row.token_data_id).toBe(tokenId);
  });

  it('reads coin amounts, fungible asset metadata by type and creator, objects and the indexer version', async () => {
    const sender = one<string>('SELECT sender FROM ix_user_transactions ORDER BY version DESC LIMIT 1');
    const response = await fetch(`${server.url}/v1/accounts/${sender}/balance/${APT}`);
    const balance = Number(await response.text());
    expect(await aptos.getAccountAPTAmount({ accountAddress: sender })).toBe(balance);
    expect(await aptos.getAccountCoinAmount({ accountAddress: sender, coinType: APT })).toBe(balance);
    // minimumLedgerVersion waits on processor_status first.
    const coins = await aptos.getAccountCoinsData({ accountAddress: sender, minimumLedgerVersion: 1 });
    expect(coins.length).toBeGreaterThan(0);
    const apt = await aptos.getFungibleAssetMetadataByAssetType({ assetType: APT });
    expect(apt).toEqual(expect.objectContaining({ asset_type: APT, symbol: 'APT', decimals: 8 }));
    const byCreator = await aptos.getFungibleAssetMetadataByCreatorAddress({ creatorAddress: '0x1' });
    expect(byCreator.map((m) => m.asset_type)).toContain(APT);
    const objectAddress = one<string>(
      'SELECT object_address FROM ix_current_objects WHERE _valid_to IS NULL ORDER BY object_address LIMIT 1',
    );
    const object = await aptos.getObjectDataByObjectAddress({ objectAddress });
    expect(object.object_address).toBe(objectAddress);
    const latest = one<number>('SELECT max(version) FROM transactions');
    expect(await aptos.getIndexerLastSuccessVersion()).toBe(BigInt(latest));
  });

  it('fails, as docs/api.md says, on the tables no processor here derives', async () => {
    const address = one<string>('SELECT sender FROM ix_user_transactions LIMIT 1');
    await expect(aptos.getNumberOfDelegators({ poolAddress: address })).rejects.toThrow(/num_active_delegator/);
    await expect(aptos.getNumberOfDelegatorsForAllPools()).rejects.toThrow(/num_active_delegator/);
    await expect(
      aptos.getDelegatedStakingActivities({ delegatorAddress: address, poolAddress: address }),
    ).rejects.toThrow(/delegated_staking_activities/);
    await expect(aptos.getAccountsForPublicKey({ publicKey: Account.generate().publicKey })).rejects.toThrow(
      /public_key_auth_keys/,
    );
    await expect(aptos.getAccountNames({ accountAddress: address })).rejects.toThrow(/not deployed to custom/);
    await expect(aptos.deriveOwnedAccountsFromSigner({ signer: Account.generate() })).rejects.toThrow(
      /public_key_auth_keys|auth_key_account_addresses/,
    );
  });
});
