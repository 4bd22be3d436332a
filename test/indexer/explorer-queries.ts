/**
 * The GraphQL documents the official Aptos Explorer sends to the indexer for an account's Transactions, Assets
 * (coins) and NFTs tabs and for the "User transactions" list, as it sends them (operation names, variables'
 * declarations and selections; read from its source, github:aptos-labs/explorer, `app/api/hooks/`), with the
 * variables it passes. test/indexer/explorer-journey.test.ts sends them to `serve` and checks the answers against
 * REST. Whitespace is not the explorer's: GraphQL ignores it.
 */

/** Transactions tab: how many transactions touched the account (the pager's total). */
export const ACCOUNT_TRANSACTIONS_COUNT = `
  query AccountTransactionsCount($address: String) {
    account_transactions_aggregate(where: {account_address: {_eq: $address}}) {
      aggregate {
        count
      }
    }
  }
`;

/** Transactions tab: one page of the versions that touched the account, newest first (25 a page). */
export const ACCOUNT_TRANSACTIONS_DATA = `
  query AccountTransactionsData($address: String, $limit: Int, $offset: Int) {
    account_transactions(
      where: {account_address: {_eq: $address}}
      order_by: {transaction_version: desc}
      limit: $limit
      offset: $offset
    ) {
      transaction_version
    }
  }
`;

/** Transactions tab with its function filter (address, module and function given): the account's sent ones. */
export const ACCOUNT_USER_TRANSACTIONS_BY_FUNCTION = `
  query AccountUserTransactionsByFunction($sender: String, $entry_function_contract_address: String,
    $entry_function_module_name: String, $entry_function_function_name: String, $limit: Int, $offset: Int) {
    user_transactions(
      where: {
        sender: {_eq: $sender}
        entry_function_contract_address: {_eq: $entry_function_contract_address}
        entry_function_module_name: {_eq: $entry_function_module_name}
        entry_function_function_name: {_eq: $entry_function_function_name}
      }
      order_by: {version: desc}
      limit: $limit
      offset: $offset
    ) {
      version
    }
  }
`;

/** The filtered tab's total. */
export const ACCOUNT_USER_TRANSACTIONS_BY_FUNCTION_COUNT = `
  query AccountUserTransactionsByFunctionCount($sender: String, $entry_function_contract_address: String,
    $entry_function_module_name: String, $entry_function_function_name: String) {
    user_transactions_aggregate(
      where: {
        sender: {_eq: $sender}
        entry_function_contract_address: {_eq: $entry_function_contract_address}
        entry_function_module_name: {_eq: $entry_function_module_name}
        entry_function_function_name: {_eq: $entry_function_function_name}
      }
    ) {
      aggregate {
        count
      }
    }
  }
`;

/** Assets tab: how many balances the account has. */
export const FUNGIBLE_ASSET_COUNT = `
    query GetFungibleAssetCount($address: String) {
        current_fungible_asset_balances_aggregate(
            where: {owner_address: {_eq: $address}}
            order_by: {amount: desc}
        ) {
            aggregate {
                count
            }
        }
    }
`;

/** Assets tab: the balances, 100 a page, with their metadata. */
export const COINS_DATA = `
    query CoinsData($owner_address: String, $limit: Int, $offset: Int) {
        current_fungible_asset_balances(
            where: {owner_address: {_eq: $owner_address}}
            limit: $limit
            offset: $offset
        ) {
            amount
            asset_type
            metadata {
                name
                decimals
                symbol
                token_standard
            }
        }
    }
`;

/** NFTs tab: how many tokens the account owns. */
export const ACCOUNT_TOKENS_COUNT = `
  query GetAccountTokensCount($owner: String!) {
    current_token_ownerships_v2_aggregate(
      where: {owner_address: {_eq: $owner}, amount: {_gt: "0"}}
    ) {
      aggregate {
        count
      }
    }
  }
`;

/** NFTs tab: the tokens, 20 a page, newest first, with their data and collection. */
export const OWNED_TOKENS = `
  query GetOwnedTokens(
    $owner: String!
    $limit: Int
    $offset: Int
    $order_by: [current_token_ownerships_v2_order_by!]
  ) {
    current_token_ownerships_v2(
      where: {owner_address: {_eq: $owner}, amount: {_gt: "0"}}
      limit: $limit
      offset: $offset
      order_by: $order_by
    ) {
      token_data_id
      token_standard
      amount
      owner_address
      last_transaction_version
      last_transaction_timestamp
      current_token_data {
        token_data_id
        token_name
        token_uri
        token_standard
        description
        current_collection {
          collection_id
          collection_name
          creator_address
          uri
        }
      }
    }
  }
`;

/** The NFTs tab's order (a variable of the query). */
export const OWNED_TOKENS_ORDER = [{ last_transaction_version: 'desc' }, { token_data_id: 'desc' }];

/** "User transactions": the newest user transaction (limit 1), where the list starts. */
export const TOP_USER_TRANSACTIONS = `
  query UserTransactions($limit: Int) {
    user_transactions(limit: $limit, order_by: {version: desc}) {
      version
    }
  }
`;

/** "User transactions": a page (20) of user transactions at or before the start version. */
export const USER_TRANSACTIONS = `
  query UserTransactions($limit: Int, $start_version: bigint, $offset: Int) {
    user_transactions(
      limit: $limit
      order_by: {version: desc}
      where: {version: {_lte: $start_version}}
      offset: $offset
    ) {
      version
    }
  }
`;
