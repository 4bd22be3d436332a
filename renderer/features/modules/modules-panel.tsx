/**
 * An account's modules at the effective ledger version, each opening to its ABI (structs and functions, a `#[view]`
 * function runnable from a form) and its published source, when its package published one. A module's ABI is
 * rendered only while it is open, so an account publishing a hundred large modules lists instantly; a name filter
 * narrows the list.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { modulesQuery } from '../../api/queries/account-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import { ModuleAbi } from './module-abi.tsx';
import { ModuleSource } from './module-source.tsx';
import './modules.css';

/** The modules tab. */
export function ModulesPanel(): ReactNode {
  const { address } = useAccountAddress();
  const { effective } = useLedgerVersion();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const query = useQuery(modulesQuery(address, effective));
  if (address === undefined) return null;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingView label="Loading modules…" />;
  const modules = query.data.body.filter((module) => module.abi !== undefined);
  if (modules.length === 0)
    return <EmptyView>This account has published no modules (as of version {effective}).</EmptyView>;
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? modules : modules.filter((module) => module.abi!.name.toLowerCase().includes(needle));
  const toggle = (name: string, isOpen: boolean): void =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (isOpen) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <div className="modules-panel">
      <div className="panel-toolbar">
        <label>
          Filter modules
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
        <span className="panel-count" role="status">
          {shown.length} of {modules.length} {plural(modules.length, 'module')}
        </span>
      </div>
      <ul className="modules-list" aria-label="Modules">
        {shown.map((module) => {
          const abi = module.abi!;
          const isOpen = open.has(abi.name);
          return (
            <li key={abi.name}>
              <details open={isOpen} onToggle={(event) => toggle(abi.name, event.currentTarget.open)}>
                <summary>
                  <code>
                    {address}::{abi.name}
                  </code>
                  <span className="muted">
                    {' '}
                    · {abi.structs.length} {plural(abi.structs.length, 'struct')} · {abi.exposed_functions.length}{' '}
                    {plural(abi.exposed_functions.length, 'function')} · {(module.bytecode.length - 2) / 2}{' '}
                    {plural((module.bytecode.length - 2) / 2, 'byte')}
                  </span>
                </summary>
                {isOpen && (
                  <>
                    {/* The ABI's sections are h3: each open module is an h2 under the account's h1. */}
                    <h2 className="visually-hidden">
                      Module {address}::{abi.name}
                    </h2>
                    <ModuleAbi abi={abi} version={effective} />
                    <div className="module-abi">
                      <ModuleSource address={address} module={abi.name} version={effective} />
                    </div>
                  </>
                )}
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
