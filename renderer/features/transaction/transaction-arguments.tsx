/**
 * The arguments of a call, one row each: its position, the parameter type it was given for (from the
 * ABI, or "unknown" with the reason) and its value in the JSON tree. Values typed `address` (alone or in
 * a vector) link to their account, object references (`{inner}`) and other address-named fields as
 * Move values do — all as of the transaction's version, the state the call produced.
 */
import type { ReactNode } from 'react';
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import type { JsonValue } from '../../api/types.ts';
import { withVersion } from '../../app/use-ledger-version.ts';
import { JsonTree, type JsonLinkFor } from '../../components/json-tree/json-tree.tsx';
import { LoadingView } from '../../components/status-views.tsx';
import { transactionValueLinks } from './transaction-links.ts';
import { plural } from '../../lib/plural.ts';

/** Props of {@link TransactionArguments}. */
export interface TransactionArgumentsProps {
  readonly args: readonly JsonValue[];
  /** The parameter types, or why there are none; undefined while the ABI loads. */
  readonly labels: { readonly types: readonly string[] } | { readonly missing: string } | undefined;
  /** The transaction's version: where links lead. */
  readonly version: string;
}

/** Links for a value of parameter type `type`: addresses by type, the rest as Move values. */
function linksFor(type: string | undefined, version: string): JsonLinkFor {
  const moveLinks = transactionValueLinks(version);
  return (path, value) => {
    const typedAddress = (type === 'address' && path.length === 0) || (type === 'vector<address>' && path.length === 1);
    if (typedAddress && typeof value === 'string' && isAddress(value))
      return withVersion(`/accounts/${normalizeAddress(value)}`, version);
    return moveLinks(path, value);
  };
}

/** The arguments table. */
export function TransactionArguments({ args, labels, version }: TransactionArgumentsProps): ReactNode {
  const types = labels !== undefined && 'types' in labels ? labels.types : undefined;
  return (
    <div className="transaction-subsection">
      <h3>
        Arguments <span className="muted">({`${args.length} ${plural(args.length, 'argument')}`})</span>
      </h3>
      {labels === undefined && <LoadingView label="Loading the function's parameter types…" />}
      {labels !== undefined && 'missing' in labels && (
        <p className="panel-hint">Parameter types unknown: {labels.missing}.</p>
      )}
      {args.length === 0 ? (
        <p className="muted">No arguments.</p>
      ) : (
        <table className="transaction-arguments" aria-label="Arguments">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {args.map((value, index) => {
              const type = types?.[index];
              return (
                <tr key={index}>
                  <td className="mono">{index}</td>
                  <td className="mono transaction-argument-type">{type ?? <span className="muted">unknown</span>}</td>
                  <td className={typeof value === 'object' && value !== null ? undefined : 'transaction-scalar'}>
                    <JsonTree value={value} label={`argument ${index}`} linkFor={linksFor(type, version)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
