/**
 * The head of the transaction page: "Transaction V" with its kind and status, the hash (copy), the
 * previous and next versions, and one button pinning state at V — the sender's account as of V for a
 * user transaction (what changed there is what people look at next), else the frame itself.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ledgerQuery } from '../../api/queries/ledger-queries.ts';
import { userTransactionOf, type CommittedTransactionJson } from '../../api/transaction-json.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { accountPath } from '../../components/address-link.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { transactionPath } from '../../components/version-link.tsx';
import { kindName } from './transaction-facts.ts';
import { CHANGES_HEADING_ID } from './changes/transaction-changes.tsx';

/** Previous / next version buttons, each disabled past the retained window. */
function StepButtons({ version }: { readonly version: string }): ReactNode {
  const navigate = useNavigate();
  // A version pinned in the frame stays pinned while stepping (every link keeps the pin).
  const { pinned } = useLedgerVersion();
  const ledger = useQuery(ledgerQuery()).data?.body;
  const current = BigInt(version);
  const previous = current - 1n;
  const next = current + 1n;
  const hasPrevious = current > 0n && (ledger === undefined || previous >= BigInt(ledger.oldest_ledger_version));
  const hasNext = ledger === undefined || next <= BigInt(ledger.ledger_version);
  return (
    <nav className="transaction-steps" aria-label="Neighbouring transactions">
      <button
        type="button"
        disabled={!hasPrevious}
        title={hasPrevious ? `Open the transaction at version ${previous}` : 'No retained transaction before this one'}
        onClick={() => void navigate(withVersion(transactionPath(previous), pinned))}
      >
        <span aria-hidden="true">← </span>Version {previous.toString()}
      </button>
      <button
        type="button"
        disabled={!hasNext}
        title={hasNext ? `Open the transaction at version ${next}` : 'This is the latest transaction'}
        onClick={() => void navigate(withVersion(transactionPath(next), pinned))}
      >
        Version {next.toString()}
        <span aria-hidden="true"> →</span>
      </button>
    </nav>
  );
}

/** "Pin state at version V": the sender's account pinned at V, or the frame pinned in place. */
function PinButton({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  const navigate = useNavigate();
  const { pinned, setPinned } = useLedgerVersion();
  const { version } = transaction;
  const sender = userTransactionOf(transaction)?.sender;
  const pinnedHere = pinned === version;
  const pin = (): void => {
    if (sender !== undefined) void navigate(withVersion(accountPath(sender), version));
    else setPinned(version);
  };
  return (
    <button
      type="button"
      className="transaction-pin"
      onClick={pin}
      disabled={sender === undefined && pinnedHere}
      title={
        sender === undefined
          ? `Every state view then reads as of version ${version}`
          : `Open the sender's account as of version ${version} (state after this transaction)`
      }
    >
      Pin state at version {version}
    </button>
  );
}

/**
 * "Skip to changes": the first Tab stop after the heading, shown when focused (like the frame's skip link). The
 * overview, payload and events hold dozens of controls before the first change; focused by script, not by a
 * fragment, which would add a history entry.
 */
function SkipToChanges(): ReactNode {
  const skip = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    const heading = document.getElementById(CHANGES_HEADING_ID);
    if (heading === null) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  };
  return (
    <a className="skip-to-changes" href={`#${CHANGES_HEADING_ID}`} onClick={skip}>
      Skip to changes
    </a>
  );
}

/** The page's heading row and hash. */
export function TransactionHeader({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  const failed = transaction.success === false;
  return (
    <header className="transaction-header">
      <div className="transaction-heading-row">
        <h1 id="transaction-title" className="transaction-title">
          Transaction <span className="mono">{transaction.version}</span>
        </h1>
        <SkipToChanges />
        <span className="transaction-badge">{kindName(transaction.type)}</span>
        {transaction.success !== undefined && (
          <span className={`transaction-badge ${failed ? 'failed' : 'succeeded'}`}>
            {failed ? 'Failed' : 'Success'}
          </span>
        )}
        <div className="transaction-actions">
          <StepButtons version={transaction.version} />
          <PinButton transaction={transaction} />
        </div>
      </div>
      {failed && (
        <p className="transaction-vm-status" role="note" aria-label="VM status">
          <strong>VM status:</strong> <span className="mono">{transaction.vm_status ?? 'not given'}</span>
        </p>
      )}
      <p className="transaction-hash">
        <span className="muted">Hash</span> <span className="mono">{transaction.hash}</span>
        <CopyButton text={transaction.hash} label="Copy transaction hash" />
      </p>
    </header>
  );
}
