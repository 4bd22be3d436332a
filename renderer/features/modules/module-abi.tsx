/**
 * One module's ABI: its structs and enums (abilities, type parameters, fields, or an enum's variants with
 * their fields; `#[event]` structs marked) and exposed functions (visibility, entry/view, type parameters,
 * parameters and returns), each `#[view]` function with a form that runs it (run-view.tsx).
 */
import type { ReactNode } from 'react';
import type { MoveModuleJson } from '../../api/types.ts';
import type { MoveFieldAbi, MoveFunctionAbi, MoveStructAbi } from '../../../shared/move/abi.ts';
import { RunView } from './run-view.tsx';

type Abi = NonNullable<MoveModuleJson['abi']>;

/**
 * A struct entry with the keys newer nodes add (`is_event`, `is_enum`, `variants`; see shared/move/abi.ts):
 * older nodes omit them, so each is optional and absent means "no".
 */
type StructEntry = Abi['structs'][number] & Partial<Pick<MoveStructAbi, 'is_event' | 'is_enum' | 'variants'>>;

/** Fields as `name: type` lines (an enum variant's, or a struct's). */
function FieldList({ fields }: { readonly fields: readonly MoveFieldAbi[] }): ReactNode {
  if (fields.length === 0) return null;
  return (
    <ul className="abi-fields">
      {fields.map((field) => (
        <li key={field.name}>
          <code>
            {field.name}: {field.type}
          </code>
        </li>
      ))}
    </ul>
  );
}

/** One struct or enum: `#[event]` when it is an event, its signature, then its fields or its variants. */
function StructItem({ struct }: { readonly struct: StructEntry }): ReactNode {
  const isEnum = struct.is_enum === true;
  const variants = struct.variants ?? [];
  return (
    <li>
      {struct.is_event === true && (
        <code className="abi-attribute" title="Declared with #[event]: emitted as a module event">
          #[event]{' '}
        </code>
      )}
      <code className="abi-signature">
        {isEnum ? 'enum' : 'struct'} {struct.name}
        {typeParams(struct.generic_type_params?.length ?? 0)}
        {struct.abilities.length > 0 ? ` has ${struct.abilities.join(', ')}` : ''}
      </code>
      {isEnum ? (
        <ul className="abi-variants" aria-label={`Variants of ${struct.name}`}>
          {variants.map((variant) => (
            <li key={variant.name}>
              <code>{variant.fields.length === 0 ? variant.name : `${variant.name} {`}</code>
              <FieldList fields={variant.fields} />
              {variant.fields.length > 0 && <code>{'}'}</code>}
            </li>
          ))}
        </ul>
      ) : (
        <FieldList fields={struct.fields} />
      )}
    </li>
  );
}

function typeParams(count: number): string {
  return count === 0 ? '' : `<${Array.from({ length: count }, (_, i) => `T${i}`).join(', ')}>`;
}

/** Props of {@link ModuleAbi}. */
export interface ModuleAbiProps {
  readonly abi: Abi;
  /** The version the module was read at: where its `#[view]` functions run. */
  readonly version: string | undefined;
}

/** The structs and functions of `abi`; each `#[view]` function can be run. */
export function ModuleAbi({ abi, version }: ModuleAbiProps): ReactNode {
  return (
    <div className="module-abi">
      <h3>Structs and enums ({abi.structs.length})</h3>
      {abi.structs.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="abi-list">
          {abi.structs.map((struct: StructEntry) => (
            <StructItem key={struct.name} struct={struct} />
          ))}
        </ul>
      )}
      <h3>Functions ({abi.exposed_functions.length})</h3>
      {abi.exposed_functions.length === 0 ? (
        <p className="muted">None exposed.</p>
      ) : (
        <ul className="abi-list">
          {abi.exposed_functions.map((fn) => (
            <li key={fn.name}>
              <code className="abi-signature">
                {fn.visibility} {fn.is_entry ? 'entry ' : ''}
                {fn.is_view ? '#[view] ' : ''}fun {fn.name}
                {typeParams(fn.generic_type_params?.length ?? 0)}({fn.params.join(', ')})
                {fn.return.length > 0 ? `: ${fn.return.length === 1 ? fn.return[0] : `(${fn.return.join(', ')})`}` : ''}
              </code>
              {fn.is_view && (
                <details className="run-view-disclosure">
                  <summary>Run {fn.name}</summary>
                  <RunView address={abi.address} module={abi.name} fn={fn as MoveFunctionAbi} version={version} />
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
