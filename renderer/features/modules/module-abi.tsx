/**
 * One module's ABI: its structs (abilities, type parameters, fields or enum variants) and exposed
 * functions (visibility, entry/view, type parameters, parameters and returns).
 */
import type { ReactNode } from 'react';
import type { MoveModuleJson } from '../../api/types.ts';

type Abi = NonNullable<MoveModuleJson['abi']>;

function typeParams(count: number): string {
  return count === 0 ? '' : `<${Array.from({ length: count }, (_, i) => `T${i}`).join(', ')}>`;
}

/** The structs and functions of `abi`. */
export function ModuleAbi({ abi }: { readonly abi: Abi }): ReactNode {
  return (
    <div className="module-abi">
      <h3>Structs ({abi.structs.length})</h3>
      {abi.structs.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="abi-list">
          {abi.structs.map((struct) => (
            <li key={struct.name}>
              <code className="abi-signature">
                struct {struct.name}
                {typeParams(struct.generic_type_params?.length ?? 0)}
                {struct.abilities.length > 0 ? ` has ${struct.abilities.join(', ')}` : ''}
              </code>
              {struct.fields.length > 0 && (
                <ul className="abi-fields">
                  {struct.fields.map((field) => (
                    <li key={field.name}>
                      <code>
                        {field.name}: {field.type}
                      </code>
                    </li>
                  ))}
                </ul>
              )}
            </li>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
