/**
 * The overview of a transaction as a list of facts: status and `vm_status`, time (UTC, every
 * microsecond on hover), its block (a link to the block's page), and by kind: for a user transaction
 * the sender, sequence number or nonce, expiration, signers and gas — gas used × gas unit price = fee,
 * in APT and octas, exactly; for block metadata the epoch, round, proposer and failed proposers; for a
 * block epilogue its end info.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { blockByVersionQuery } from '../../api/queries/transaction-queries.ts';
import { userTransactionOf, type CommittedTransactionJson } from '../../api/transaction-json.ts';
import type { BlockMetadataTransaction, UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { InlineError } from '../../components/status-views.tsx';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import { formatUsec } from '../../lib/format-time.ts';
import { isJsonValue } from '../../lib/json-value.ts';
import { feeOf, formatSecs, formatUsecExact, replayProtectionOf, signersOf } from './transaction-facts.ts';

/** One fact: a term and its value (a `<dl>` entry). */
export function Fact({ term, children }: { readonly term: string; readonly children: ReactNode }): ReactNode {
  return (
    <div className="transaction-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The block holding the version, as a link to its page. */
function BlockFact({ version }: { readonly version: string }): ReactNode {
  const block = useQuery(blockByVersionQuery(version));
  return (
    <Fact term="Block">
      {block.isPending ? (
        <span className="muted">…</span>
      ) : block.isError ? (
        <InlineError error={block.error} />
      ) : (
        <Link className="mono" to={`/blocks/${block.data.block_height}`}>
          {block.data.block_height}
        </Link>
      )}
    </Fact>
  );
}

/** The block time: seconds in the text, every microsecond on hover. */
function TimeFact({ usec }: { readonly usec: string | undefined }): ReactNode {
  return (
    <Fact term="Time">
      {usec === undefined ? (
        <span className="muted">none (genesis has no time)</span>
      ) : (
        <time
          dateTime={new Date(Number(BigInt(usec) / 1000n)).toISOString()}
          title={`${formatUsecExact(usec)} (${usec} µs)`}
        >
          {formatUsec(usec)}
        </time>
      )}
    </Fact>
  );
}

/** Gas used × price = fee, and the most the sender allowed. */
function GasFacts({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  const fee = feeOf(transaction);
  if (fee === undefined)
    return transaction.gas_used === undefined ? null : (
      <Fact term="Gas used">
        <span className="mono">{formatBaseUnits(transaction.gas_used)}</span>
      </Fact>
    );
  return (
    <>
      <Fact term="Fee">
        <span className="mono" aria-label="Fee in APT">
          {formatUnits(fee.octas, APT_DECIMALS)} APT
        </span>{' '}
        <span className="muted">
          = <span className="mono">{formatBaseUnits(fee.gasUsed)}</span> gas units ×{' '}
          <span className="mono">{formatBaseUnits(fee.gasUnitPrice)}</span> octas ={' '}
          <span className="mono">{formatBaseUnits(fee.octas)}</span> octas
        </span>
      </Fact>
      {fee.maxGasAmount !== undefined && fee.maxOctas !== undefined && (
        <Fact term="Max gas">
          <span className="mono">{formatBaseUnits(fee.maxGasAmount)}</span> gas units{' '}
          <span className="muted">
            (at most <span className="mono">{formatUnits(fee.maxOctas, APT_DECIMALS)}</span> APT)
          </span>
        </Fact>
      )}
    </>
  );
}

/** What a user signed that the facts show (a pending transaction has it too). */
export type SignedFields = Pick<
  UserTransaction,
  'sender' | 'sequence_number' | 'replay_protection_nonce' | 'expiration_timestamp_secs' | 'signature'
>;

/** Sender, replay protection, expiration and signers of a user transaction, committed or pending. */
export function UserFacts({ transaction }: { readonly transaction: SignedFields }): ReactNode {
  const protection = replayProtectionOf(transaction);
  const signers = signersOf(transaction.signature);
  return (
    <>
      <Fact term="Sender">
        <AddressLink address={transaction.sender} />
      </Fact>
      {protection !== undefined && (
        <Fact term={protection.kind === 'nonce' ? 'Nonce (orderless)' : 'Sequence number'}>
          <span className="mono">{protection.value}</span>
        </Fact>
      )}
      <Fact term="Expiration">
        <span title={`${transaction.expiration_timestamp_secs} s`}>
          {formatSecs(transaction.expiration_timestamp_secs)}
        </span>
      </Fact>
      {signers !== undefined && (
        <>
          <Fact term="Signature">{signers.kind}</Fact>
          {signers.feePayer !== undefined && (
            <Fact term="Fee payer">
              <AddressLink address={signers.feePayer} />
            </Fact>
          )}
          {signers.secondarySigners.length > 0 && (
            <Fact term="Secondary signers">
              <ul className="transaction-signers">
                {signers.secondarySigners.map((address) => (
                  <li key={address}>
                    <AddressLink address={address} />
                  </li>
                ))}
              </ul>
            </Fact>
          )}
        </>
      )}
    </>
  );
}

/** Epoch, round, proposer and failed proposers of a block metadata transaction. */
function BlockMetadataFacts({ transaction }: { readonly transaction: BlockMetadataTransaction }): ReactNode {
  const failed = transaction.failed_proposer_indices;
  return (
    <>
      <Fact term="Epoch">
        <span className="mono">{transaction.epoch}</span>
      </Fact>
      <Fact term="Round">
        <span className="mono">{transaction.round}</span>
      </Fact>
      <Fact term="Proposer">
        <AddressLink address={transaction.proposer} />
      </Fact>
      <Fact term="Failed proposers">
        {failed.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          <span className="mono" title="Indices in the validator set">
            {failed.join(', ')}
          </span>
        )}
      </Fact>
    </>
  );
}

/** The transaction's other hashes and its signature as sent, folded (auditors compare them; most readers do not). */
function TransactionHashes({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  const signature = userTransactionOf(transaction)?.signature;
  const hashes = [
    ['State change hash', transaction.state_change_hash],
    ['Event root hash', transaction.event_root_hash],
    ['State checkpoint hash', transaction.state_checkpoint_hash ?? undefined],
    ['Accumulator root hash', transaction.accumulator_root_hash],
  ] as const;
  return (
    <details className="transaction-subsection transaction-more">
      <summary>Hashes{signature === undefined ? '' : ' and signature'}</summary>
      <dl className="transaction-facts">
        {hashes.map(([term, value]) =>
          value === undefined ? null : (
            <Fact key={term} term={term}>
              <span className="mono">{value}</span>
            </Fact>
          ),
        )}
      </dl>
      {isJsonValue(signature) && <JsonTree value={signature} label="signature" defaultExpandDepth={1} />}
    </details>
  );
}

/** The overview section. */
export function TransactionOverview({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  return (
    <section className="transaction-section" aria-labelledby="transaction-overview">
      <h2 id="transaction-overview">Overview</h2>
      <dl className="transaction-facts">
        <Fact term="Status">
          {transaction.success === undefined ? (
            <span className="muted">not given</span>
          ) : (
            <span className={transaction.success ? 'transaction-succeeded' : 'transaction-failed'}>
              {transaction.success ? 'Success' : 'Failed'}
            </span>
          )}
          {/* A failure's vm_status is shown in full under the heading; a success's is short. */}
          {transaction.vm_status !== undefined && transaction.success !== false && (
            <span className="mono muted"> · {transaction.vm_status}</span>
          )}
        </Fact>
        <TimeFact usec={transaction.type === 'genesis_transaction' ? undefined : transaction.timestamp} />
        <BlockFact version={transaction.version} />
        {transaction.type === 'user_transaction' && <UserFacts transaction={transaction} />}
        {transaction.type === 'block_metadata_transaction' && <BlockMetadataFacts transaction={transaction} />}
        <GasFacts transaction={transaction} />
      </dl>
      <TransactionHashes transaction={transaction} />
      {transaction.type === 'block_epilogue_transaction' &&
        transaction.block_end_info !== null &&
        isJsonValue(transaction.block_end_info) && (
          <div className="transaction-subsection">
            <h3>Block end info</h3>
            <JsonTree value={transaction.block_end_info} label="block_end_info" />
          </div>
        )}
    </section>
  );
}
