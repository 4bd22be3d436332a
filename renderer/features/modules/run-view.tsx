/**
 * "Run": one `#[view]` function called from its module's ABI, with a typed input per type parameter and per
 * parameter (view-arguments.ts says which input and how its text becomes the argument), through `POST /v1/view` at
 * the version the view reads at. The answer is the return values in the JSON tree; a refusal is the source's error
 * record (a snapshot computes only the framework views docs/api.md lists and answers any other with its record).
 */
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { MoveFunctionAbi } from '../../../shared/move/abi.ts';
import { request } from '../../api/client.ts';
import type { JsonValue } from '../../api/types.ts';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { ErrorView } from '../../components/status-views.tsx';
import { substituteTypeParams } from '../../lib/type-params.ts';
import { callerParameters, inputKind, parseArgument } from './view-arguments.ts';

/** Props of {@link RunView}. */
export interface RunViewProps {
  readonly address: string;
  readonly module: string;
  readonly fn: MoveFunctionAbi;
  /** The version the call reads at. */
  readonly version: string | undefined;
}

/** The form and its answer. */
export function RunView({ address, module, fn, version }: RunViewProps): ReactNode {
  const id = useId();
  const params = callerParameters(fn.params);
  const [typeArguments, setTypeArguments] = useState<readonly string[]>(() => fn.generic_type_params.map(() => ''));
  const [texts, setTexts] = useState<readonly string[]>(() =>
    params.map((type) => (inputKind(type) === 'bool' ? 'false' : '')),
  );
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const functionId = `${address}::${module}::${fn.name}`;
  const call = useMutation({
    mutationFn: async (body: { type_arguments: string[]; arguments: unknown[] }) =>
      (await request(ENDPOINTS.view, { query: { ledger_version: version }, body: { function: functionId, ...body } }))
        .body,
  });
  const shownTypes = typeArguments.map((type) => type.trim());
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const missing = shownTypes.findIndex((type) => type === '');
    if (missing >= 0) {
      call.reset();
      setProblem(`Type argument T${missing} is empty.`);
      return;
    }
    const parsed = params.map((type, index) =>
      parseArgument(substituteTypeParams(type, shownTypes), texts[index] ?? ''),
    );
    const failed = parsed.findIndex((argument) => 'error' in argument);
    const failure = parsed[failed];
    if (failure !== undefined && 'error' in failure) {
      call.reset();
      setProblem(`Argument ${failed}: ${failure.error}.`);
      return;
    }
    setProblem(undefined);
    call.mutate({
      type_arguments: [...shownTypes],
      arguments: parsed.map((argument) => ('value' in argument ? argument.value : undefined)),
    });
  };
  return (
    <form className="run-view" onSubmit={submit} aria-label={`Run ${functionId}`}>
      {fn.generic_type_params.map((param, index) => (
        <label key={`t${index}`} className="run-view-field">
          <span>
            Type argument <code>T{index}</code>
            {param.constraints.length > 0 ? `: ${param.constraints.join(' + ')}` : ''}
          </span>
          <input
            className="mono"
            value={typeArguments[index] ?? ''}
            onChange={(event) =>
              setTypeArguments((previous) => previous.map((text, at) => (at === index ? event.target.value : text)))
            }
            placeholder="0x1::aptos_coin::AptosCoin"
            spellCheck={false}
          />
        </label>
      ))}
      {params.map((type, index) => {
        const shown = substituteTypeParams(type, shownTypes);
        const kind = inputKind(shown);
        const setText = (value: string): void =>
          setTexts((previous) => previous.map((text, at) => (at === index ? value : text)));
        return (
          <label key={`a${index}`} className="run-view-field">
            <span>
              Argument {index}: <code>{shown}</code>
            </span>
            {kind === 'bool' ? (
              <select value={texts[index] ?? 'false'} onChange={(event) => setText(event.target.value)}>
                <option value="false">false</option>
                <option value="true">true</option>
              </select>
            ) : (
              <input
                className="mono"
                value={texts[index] ?? ''}
                onChange={(event) => setText(event.target.value)}
                inputMode={kind === 'integer' ? 'numeric' : undefined}
                placeholder={PLACEHOLDERS[kind]}
                spellCheck={false}
              />
            )}
          </label>
        );
      })}
      <div className="run-view-actions">
        <button type="submit" disabled={call.isPending}>
          {call.isPending ? 'Running…' : 'Run'}
        </button>
        <span className="muted">at version {version ?? 'latest'}</span>
      </div>
      {problem !== undefined && (
        <p className="run-view-problem" role="alert" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      {call.isError && <ErrorView error={call.error} />}
      {call.isSuccess && (
        <div className="run-view-result">
          <p role="status">
            Returned {call.data.length} {call.data.length === 1 ? 'value' : 'values'}
          </p>
          <JsonTree value={call.data as JsonValue} label={`${fn.name} result`} />
        </div>
      )}
    </form>
  );
}

const PLACEHOLDERS: Readonly<Record<ReturnType<typeof inputKind>, string>> = {
  integer: '0',
  bool: '',
  address: '0x1',
  string: 'text',
  bytes: '0x',
  json: 'JSON, e.g. ["1"]',
};
