/**
 * A module written or deleted: no diff (bytecode is not a Move value), but whether this transaction
 * published it (absent at V − 1) or upgraded it, and a link to the account's modules at V.
 */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../api/client.ts';
import { moduleAbiQuery } from '../../../api/queries/table-queries.ts';
import { accountPath } from '../../../components/address-link.tsx';
import { InlineError } from '../../../components/status-views.tsx';
import { withVersion } from '../../../app/use-ledger-version.ts';
import { noBeforeText, type BeforeVersion } from './before-version.ts';
import { factsFor, type FactsSource } from './change-facts.ts';
import { factsKeyOf, type ChangeEntry } from './change-model.ts';

/** Props of {@link ModuleChange}. */
export interface ModuleChangeProps {
  readonly entry: Extract<ChangeEntry, { kind: 'module' }>;
  readonly version: string;
  readonly before: BeforeVersion;
  readonly facts: FactsSource;
  readonly onSettled: () => void;
}

/** "Module published", "upgraded" or "deleted", with the link to the modules as of V (or V − 1 for a deletion). */
export function ModuleChange({ entry, version, before, facts, onSettled }: ModuleChangeProps): ReactNode {
  const readable = before.kind === 'readable' ? before.version : undefined;
  const known = factsFor(facts, factsKeyOf(entry));
  const told = known === undefined || known === 'pending' ? undefined : (known.existed_before ?? undefined);
  const walk = known !== 'pending' && told === undefined;
  const read = useQuery({
    ...moduleAbiQuery(entry.address, entry.name, readable),
    enabled: walk && readable !== undefined && entry.op === 'write',
  });
  // What the explorer said stands in for the node's module read: existed before = upgraded, else published.
  const pending = walk ? read.isPending : known === 'pending';
  const absentBefore = walk ? read.error instanceof ApiRequestError && read.error.status === 404 : told === false;
  const failure = walk && read.isError && !absentBefore ? read.error : null;
  const settled = readable === undefined || entry.op === 'delete' || !pending;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const id = `${entry.address}::${entry.name}`;
  const what =
    entry.op === 'delete'
      ? 'Module deleted'
      : readable === undefined
        ? 'Module published or upgraded'
        : pending
          ? 'Module written'
          : absentBefore
            ? 'Module published'
            : failure !== null
              ? 'Module written'
              : 'Module upgraded';
  const at = entry.op === 'delete' ? readable : version;
  return (
    <div className="change-detail">
      <p className="change-note">
        {what}: <code>{id}</code>{' '}
        {at !== undefined && (
          <Link to={withVersion(accountPath(entry.address, 'modules'), at)}>
            modules of {entry.address} at version {at}
          </Link>
        )}
      </p>
      {noBeforeText(before) !== undefined && <p className="change-note">{noBeforeText(before)}</p>}
      {failure !== null && <InlineError error={failure} prefix="Reading the module before" />}
    </div>
  );
}
