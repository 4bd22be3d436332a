/**
 * The modules a capture needs: every module whose ABI a captured value's layout uses, fetched on
 * demand. Layout resolution is synchronous, so it runs against the modules fetched so far, notes
 * what it missed, and is retried after fetching those — until every layout resolves.
 */
import * as v from 'valibot';
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { moveModule, type MoveModule } from '../../../shared/api/wire/modules.ts';
import { hexToBytes } from '../../../shared/hex.ts';
import type { AbiLookup, MoveModuleAbi } from '../../../shared/move/abi.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import { formatTypeTag, type TypeTag } from '../../../shared/type-tag.ts';
import { CaptureError, type CapturedModule } from './capture-types.ts';
import { mapInSlices } from './event-loop.ts';
import type { SourceReader } from './source-reader.ts';

/** Modules captured so far, by `address::name` (short address). */
export class ModuleSet {
  readonly #modules = new Map<string, CapturedModule>();
  readonly #reader: SourceReader;
  readonly #version: bigint;

  /** An empty set reading modules at `version`. */
  constructor(reader: SourceReader, version: bigint) {
    this.#reader = reader;
    this.#version = version;
  }

  /** Every module captured, in a stable order. */
  get modules(): readonly CapturedModule[] {
    return [...this.#modules.values()];
  }

  /** Adds a module from its JSON, checked by the wire schema (its ABI is required: values are decoded with it). */
  add(body: unknown, where: string): void {
    // Checked, not rebuilt: the module is kept as the source wrote it (a parse's output puts the schema's keys first).
    if (!v.is(moveModule, body)) {
      const parsed = v.safeParse(moveModule, body);
      const issue = parsed.issues?.[0];
      const at = issue === undefined ? 'body' : (v.getDotPath(issue) ?? 'body');
      throw new CaptureError(`${where} has another shape: ${at}: ${issue?.message ?? 'not a module'}`);
    }
    const json: MoveModule = body;
    if (json.abi === undefined) throw new CaptureError(`${where}: the source sent a module without its ABI`);
    const address = parseAddress(json.abi.address);
    const key = `${formatAddress(address)}::${json.abi.name}`;
    if (!this.#modules.has(key))
      this.#modules.set(key, { address, name: json.abi.name, abi: json.abi, bytecode: hexToBytes(json.bytecode) });
  }

  /** The ABI lookup over what is held; names asked for but missing are added to `missing`. */
  #lookup(missing: Set<string>): AbiLookup {
    return (address, module) => {
      const key = `${address}::${module}`;
      const found = this.#modules.get(key);
      if (!found) missing.add(key);
      return found?.abi;
    };
  }

  /** The ABI of module `address::name` (short address), fetched when not held; undefined when the source has none. */
  async abi(address: string, name: string): Promise<MoveModuleAbi | undefined> {
    const key = `${address}::${name}`;
    if (!this.#modules.has(key)) {
      const json = await this.#reader.jsonIfFound<unknown>(
        `/accounts/${address}/module/${name}?ledger_version=${this.#version}`,
        ['module_not_found'],
      );
      if (json !== undefined) this.add(json, `module ${key}`);
    }
    return this.#modules.get(key)?.abi;
  }

  /** Fetches every module the layouts of `types` need; returns the layouts (same order). */
  async layouts(types: readonly TypeTag[]): Promise<MoveLayout[]> {
    const absent = new Set<string>();
    for (;;) {
      const missing = new Set<string>();
      const lookup = this.#lookup(missing);
      let failure: unknown;
      const layouts = await mapInSlices(types, (type): MoveLayout | undefined => {
        try {
          return resolveLayout(type, lookup);
        } catch (error) {
          failure ??= { type, error };
          return undefined;
        }
      });
      if (failure === undefined) return layouts as MoveLayout[];
      const toFetch = [...missing].filter((key) => !absent.has(key));
      if (toFetch.length === 0) {
        const { type, error } = failure as { type: TypeTag; error: unknown };
        const why =
          missing.size > 0
            ? `module ${[...missing].join(', ')} not found at version ${this.#version}`
            : (error as Error).message;
        throw new CaptureError(`cannot decode ${formatTypeTag(type)}: ${why}`);
      }
      for (const key of toFetch) {
        const separator = key.lastIndexOf('::');
        const address = key.slice(0, separator);
        const name = key.slice(separator + 2);
        const json = await this.#reader.jsonIfFound<unknown>(
          `/accounts/${address}/module/${name}?ledger_version=${this.#version}`,
          ['module_not_found'],
        );
        if (json === undefined) absent.add(key);
        else this.add(json, `module ${key}`);
      }
    }
  }
}
