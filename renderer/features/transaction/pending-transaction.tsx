/**
 * What the transaction page shows for a reply that is not a committed transaction of a known kind. A transaction
 * found by hash while it waits in the node's mempool (`pending_transaction`: what the sender signed, no version,
 * outcome, events or changes) is shown for what it is — sender, replay protection, expiration, signers, gas limits
 * and payload — while the page asks again (transaction-queries.ts) and moves to the committed transaction's page
 * once the node has it. A kind this explorer does not know (a newer node's) is shown as the node sent it, said so.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PendingTransaction, Transaction } from '../../../shared/api/wire-schemas.ts';
import { ledgerQuery } from '../../api/queries/ledger-queries.ts';
import { PENDING_POLL_MS } from '../../api/queries/transaction-queries.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import { isJsonValue } from '../../lib/json-value.ts';
import { kindName } from './transaction-facts.ts';
import { Fact, UserFacts } from './transaction-overview.tsx';
import { TransactionPayload } from './transaction-payload.tsx';

/** The hash line under a heading. */
function HashLine({ hash }: { readonly hash: string }): ReactNode {
  return (
    <p className="transaction-hash">
      <span className="muted">Hash</span> <span className="mono">{hash}</span>
      <CopyButton text={hash} label="Copy transaction hash" />
    </p>
  );
}

/** The payload, its arguments' links and ABI as of the newest version (the transaction has none of its own yet). */
function PendingPayload({ transaction }: { readonly transaction: PendingTransaction }): ReactNode {
  const ledger = useQuery(ledgerQuery());
  if (ledger.data === undefined) return null;
  return <TransactionPayload payload={transaction.payload} version={ledger.data.body.ledger_version} />;
}

/** A transaction the node holds in its mempool, not committed yet; the page asks again until it is. */
export function PendingTransactionView({ transaction }: { readonly transaction: PendingTransaction }): ReactNode {
  const maxGas = BigInt(transaction.max_gas_amount);
  const price = BigInt(transaction.gas_unit_price);
  return (
    <article className="transaction-page" aria-labelledby="transaction-title">
      <header className="transaction-header">
        <div className="transaction-heading-row">
          <h1 id="transaction-title" className="transaction-title">
            Pending transaction
          </h1>
          <span className="transaction-badge">{kindName(transaction.type)}</span>
        </div>
        <p className="transaction-pending" role="status">
          In the node&apos;s mempool, not committed yet: it has no version, outcome, events or changes. This page asks
          the node again every {PENDING_POLL_MS / 1000} s and opens the committed transaction when there is one; a
          transaction not committed by its expiration is dropped.
        </p>
        <HashLine hash={transaction.hash} />
      </header>
      <section className="transaction-section" aria-labelledby="transaction-overview">
        <h2 id="transaction-overview">Overview</h2>
        <dl className="transaction-facts">
          <Fact term="Status">
            <span className="muted">Pending</span>
          </Fact>
          <UserFacts transaction={transaction} />
          <Fact term="Max gas">
            <span className="mono">{formatBaseUnits(maxGas)}</span> gas units ×{' '}
            <span className="mono">{formatBaseUnits(price)}</span> octas{' '}
            <span className="muted">
              (at most <span className="mono">{formatUnits(maxGas * price, APT_DECIMALS)}</span> APT)
            </span>
          </Fact>
        </dl>
      </section>
      <PendingPayload transaction={transaction} />
    </article>
  );
}

/** A reply of a kind this explorer does not know: the node's JSON as sent, with a note saying so. */
export function UnknownTransactionView({ transaction }: { readonly transaction: Transaction }): ReactNode {
  const version = 'version' in transaction && typeof transaction.version === 'string' ? transaction.version : undefined;
  return (
    <article className="transaction-page" aria-labelledby="transaction-title">
      <header className="transaction-header">
        <div className="transaction-heading-row">
          <h1 id="transaction-title" className="transaction-title">
            Transaction {version !== undefined && <span className="mono">{version}</span>}
          </h1>
          <span className="transaction-badge">{transaction.type}</span>
        </div>
        <p className="transaction-unknown-kind" role="note">
          The node sent a transaction of kind <span className="mono">{transaction.type}</span>, which this explorer does
          not know, so it is shown below as the node sent it.
        </p>
        <HashLine hash={transaction.hash} />
      </header>
      <section className="transaction-section" aria-label="As sent">
        {isJsonValue(transaction) && <JsonTree value={transaction} label="transaction" defaultExpandDepth={1} />}
      </section>
    </article>
  );
}
