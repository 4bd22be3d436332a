/**
 * The payload of a user transaction: the function called (a link to its module's account, modules tab,
 * at the transaction's version), its type arguments, and its arguments each labelled by the function's
 * parameter type from the module's ABI as it was at that version (leading signers dropped, as the node
 * does). Without an ABI (module gone, not exposed, arity differs) the arguments are still shown, typed
 * "unknown", with the reason. A script shows its own ABI's parameters; a multisig payload names the
 * multisig account and shows the payload it carries; any other kind is shown as the node sent it.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import { moduleAbiQuery } from '../../api/queries/table-queries.ts';
import {
  isKnownPayload,
  type EntryFunctionPayload,
  type GenesisPayload,
  type ScriptPayload,
  type UserPayload,
} from '../../../shared/api/wire-schemas.ts';
import { withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink, accountPath } from '../../components/address-link.tsx';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { argumentParameters, splitFunctionId } from './transaction-facts.ts';
import { TransactionArguments } from './transaction-arguments.tsx';
import { substituteTypeParams } from '../../lib/type-params.ts';
import { isJsonValue } from '../../lib/json-value.ts';
import { assertNever } from '../../../shared/assert-never.ts';

/** What the arguments are labelled with: the parameter types, or why there are none. */
type Labels = { readonly types: readonly string[] } | { readonly missing: string };

/**
 * The labels of `args` given the function's ABI (undefined: still loading), its type parameters replaced by the
 * call's type arguments (`Object<T0>` shown as the `Object<0x1::fungible_asset::Metadata>` it was).
 */
function labelsFrom(
  abi: { readonly params: readonly string[] } | undefined,
  argumentCount: number,
  why: string,
  typeArguments: readonly string[],
): Labels {
  if (abi === undefined) return { missing: why };
  const types = argumentParameters(abi.params).map((type) => substituteTypeParams(type, typeArguments));
  if (types.length !== argumentCount)
    return { missing: `the ABI names ${types.length} parameters for ${argumentCount} arguments` };
  return { types };
}

/** An entry function call: function link, type arguments, labelled arguments. */
function EntryFunction({
  payload,
  version,
}: {
  readonly payload: EntryFunctionPayload;
  readonly version: string;
}): ReactNode {
  const id = splitFunctionId(payload.function);
  const args = payload.arguments;
  const abi = useQuery({
    ...moduleAbiQuery(id?.address ?? '0x0', id?.module ?? '', version),
    enabled: id !== undefined,
  });
  const fn = abi.data?.exposed_functions.find((candidate) => candidate.name === id?.name);
  const labels: Labels | undefined =
    id === undefined
      ? { missing: 'the function name is not address::module::function' }
      : abi.isPending
        ? undefined
        : abi.isError
          ? { missing: `the module's ABI could not be read (${abi.error.message})` }
          : labelsFrom(
              fn,
              args.length,
              abi.data === null ? 'the module has no ABI' : `${id.module} exposes no function ${id.name}`,
              payload.type_arguments,
            );
  const moduleLink =
    id !== undefined && isAddress(id.address)
      ? withVersion(accountPath(normalizeAddress(id.address), 'modules'), version)
      : undefined;
  return (
    <>
      <dl className="transaction-facts">
        <div className="transaction-fact">
          <dt>Function</dt>
          <dd className="mono transaction-function">
            {moduleLink === undefined || id === undefined ? (
              payload.function
            ) : (
              <>
                <Link to={moduleLink} title={`The modules of ${id.address} as of version ${version}`}>
                  {`${normalizeAddress(id.address)}::${id.module}`}
                </Link>
                ::{id.name}
              </>
            )}
          </dd>
        </div>
        <div className="transaction-fact">
          <dt>Type arguments</dt>
          <dd>
            {payload.type_arguments.length === 0 ? (
              <span className="muted">none</span>
            ) : (
              <ol className="transaction-type-arguments">
                {payload.type_arguments.map((type, index) => (
                  <li key={index} className="mono">
                    {type}
                  </li>
                ))}
              </ol>
            )}
          </dd>
        </div>
      </dl>
      <TransactionArguments args={args} labels={labels} version={version} />
    </>
  );
}

/** A script: its arguments labelled by the script's own ABI when the node sent one. */
function Script({ payload, version }: { readonly payload: ScriptPayload; readonly version: string }): ReactNode {
  const abi = payload.code.abi;
  const args = payload.arguments;
  return (
    <>
      <div className="transaction-subsection">
        <h3>Script</h3>
        {isJsonValue(payload) && <JsonTree value={payload} label="payload" defaultExpandDepth={1} />}
      </div>
      <TransactionArguments
        args={args}
        labels={labelsFrom(
          abi ?? undefined,
          args.length,
          'the node sent no ABI for the script',
          payload.type_arguments,
        )}
        version={version}
      />
    </>
  );
}

/** The payload by kind. */
function PayloadBody({ payload, version }: { readonly payload: UserPayload; readonly version: string }): ReactNode {
  // A newer node's payload kind is shown as the node sent it.
  if (!isKnownPayload(payload)) return isJsonValue(payload) ? <JsonTree value={payload} label="payload" /> : null;
  switch (payload.type) {
    case 'entry_function_payload':
      return <EntryFunction payload={payload} version={version} />;
    case 'script_payload':
      return <Script payload={payload} version={version} />;
    case 'multisig_payload':
      return (
        <>
          <dl className="transaction-facts">
            <div className="transaction-fact">
              <dt>Multisig account</dt>
              <dd>
                <AddressLink address={payload.multisig_address} />
              </dd>
            </div>
          </dl>
          {payload.transaction_payload ? (
            <PayloadBody payload={payload.transaction_payload} version={version} />
          ) : (
            <p className="muted">The multisig transaction carries no payload (it executes one stored on chain).</p>
          )}
        </>
      );
    default:
      return assertNever(payload);
  }
}

/** The payload section. */
export function TransactionPayload({
  payload,
  version,
}: {
  readonly payload: UserPayload | GenesisPayload;
  readonly version: string;
}): ReactNode {
  return (
    <section className="transaction-section" aria-labelledby="transaction-payload">
      <h2 id="transaction-payload">
        Payload <span className="muted mono">{payload.type}</span>
      </h2>
      {payload.type === 'write_set_payload' ? (
        isJsonValue(payload) && <JsonTree value={payload} label="payload" />
      ) : (
        <PayloadBody payload={payload} version={version} />
      )}
    </section>
  );
}
