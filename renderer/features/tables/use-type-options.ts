/**
 * Type tags to offer in the key/value type fields: the types of known tables, the common
 * primitive and framework types, and the (non-generic) structs declared by the modules the
 * current types come from (their ABIs, from the current source). Free text is always allowed.
 */
import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { explorerTablesQuery } from '../../api/queries/explorer-queries.ts';
import { moduleAbiQuery } from '../../api/queries/table-queries.ts';
import { parseTypeTag, type TypeTag } from '../../../shared/type-tag.ts';
import { COMMON_TYPES } from '../../lib/common-types.ts';

/** How many known tables feed the suggestions (one page). */
const KNOWN_TABLES_PAGE = 100;

function modulesIn(tag: TypeTag, out: Set<string>): void {
  if (tag.kind === 'vector') modulesIn(tag.element, out);
  else if (tag.kind === 'struct') {
    out.add(`${tag.struct.address}::${tag.struct.module}`);
    for (const arg of tag.struct.typeArgs) modulesIn(arg, out);
  }
}

function referencedModules(types: readonly string[]): string[] {
  const out = new Set<string>();
  for (const text of types) {
    try {
      modulesIn(parseTypeTag(text.trim()), out);
    } catch {
      // half-typed text: nothing to suggest from it
    }
  }
  return [...out];
}

/** Suggestions for type fields, given the types currently entered. */
export function useTypeOptions(current: readonly string[], version: string | undefined): readonly string[] {
  const tables = useInfiniteQuery({ ...explorerTablesQuery(version, KNOWN_TABLES_PAGE), retry: false });
  const modules = referencedModules(current);
  const abis = useQueries({
    queries: modules.map((key) => {
      const [address = '', name = ''] = key.split('::');
      return { ...moduleAbiQuery(address, name, version), retry: false };
    }),
  });
  const out = new Set<string>();
  for (const page of tables.data?.pages ?? []) {
    for (const table of page.body.tables) {
      out.add(table.key_type);
      out.add(table.value_type);
    }
  }
  for (const abi of abis) {
    const module = abi.data;
    if (!module) continue;
    for (const struct of module.structs)
      if (struct.generic_type_params.length === 0) out.add(`${module.address}::${module.name}::${struct.name}`);
  }
  for (const t of COMMON_TYPES) out.add(t);
  return [...out];
}
