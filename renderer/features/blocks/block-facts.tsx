/**
 * The facts of one block as a definition list: height, hash (with copy), time, the versions it holds,
 * and what its block metadata transaction says (epoch, round, proposer) when it has one (genesis has not).
 */
import type { ReactNode } from 'react';
import { AddressLink } from '../../components/address-link.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import type { CommittedTransactionJson } from '../../api/transaction-json.ts';
import { formatUsec } from '../../lib/format-time.ts';
import type { BlockReply } from './use-block-transactions.ts';

/** Props of {@link BlockFacts}. */
export interface BlockFactsProps {
  readonly block: BlockReply;
  /** The block's first transaction, if read (a block metadata transaction names the proposer). */
  readonly first: CommittedTransactionJson | undefined;
}

/** The block's facts. */
export function BlockFacts({ block, first }: BlockFactsProps): ReactNode {
  const count = BigInt(block.last_version) - BigInt(block.first_version) + 1n;
  const metadata = first?.type === 'block_metadata_transaction' ? first : undefined;
  return (
    <dl className="block-facts" aria-label={`Facts of block ${block.block_height}`}>
      <dt>Height</dt>
      <dd className="mono">{block.block_height}</dd>
      <dt>Hash</dt>
      <dd className="mono block-hash">
        <span title={block.block_hash}>{block.block_hash}</span>
        <CopyButton text={block.block_hash} label={`Copy hash of block ${block.block_height}`} />
      </dd>
      <dt>Time</dt>
      <dd>{formatUsec(block.block_timestamp)}</dd>
      <dt>Versions</dt>
      <dd className="mono">
        {block.first_version}–{block.last_version}
      </dd>
      <dt>Transactions</dt>
      <dd>{count.toLocaleString('en-US')}</dd>
      {metadata?.epoch !== undefined && (
        <>
          <dt>Epoch · round</dt>
          <dd className="mono">
            {metadata.epoch} · {metadata.round ?? '—'}
          </dd>
        </>
      )}
      {metadata?.proposer !== undefined && (
        <>
          <dt>Proposer</dt>
          <dd>
            <AddressLink address={metadata.proposer} />
          </dd>
        </>
      )}
    </dl>
  );
}
