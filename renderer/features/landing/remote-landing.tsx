/**
 * The start page over a remote node: nodes do not list accounts, tables or event streams (that
 * index exists only in snapshots), so this says so and offers to open an address directly.
 */
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';

/** Explanation plus an address box. */
export function RemoteLanding({ nodeName }: { readonly nodeName: string | undefined }): ReactNode {
  const id = useId();
  const navigate = useNavigate();
  const { pinned } = useLedgerVersion();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!isAddress(trimmed)) {
      setProblem('Not an address: expected 0x and 1 to 64 hex digits.');
      return;
    }
    void navigate(withVersion(`/accounts/${normalizeAddress(trimmed)}`, pinned));
  };
  return (
    <section className="landing-remote" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Connected to {nodeName ?? 'a remote node'}</h1>
      <p>
        A node's API has no listings: the accounts, tables and busiest event streams shown for snapshots are not
        available remotely, and search resolves only addresses and versions. Everything about a known account works:
        resources, events, transactions and modules, at any version the node retains.
      </p>
      <form className="address-form" onSubmit={submit}>
        <label htmlFor={`${id}-address`}>Account address</label>
        <input
          id={`${id}-address`}
          className="mono"
          value={text}
          placeholder="0x1"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
          }}
          aria-invalid={problem !== undefined}
        />
        <button type="submit">Open account</button>
        {problem && (
          <span className="error-text" role="alert">
            {problem}
          </span>
        )}
      </form>
    </section>
  );
}
