/**
 * Codec benchmark (a plain Node script, not a test): `node test/bench/codec-bench.ts`.
 *
 * Decodes (1) a CoinStore<AptosCoin> resource with the layout built from its ABI and (2) a
 * vector of 1,000 structs {u64, address, String, bool}, and measures JSON.parse of the same
 * values' JSON text in the same run, so the ratio is meaningful across machines. Also times the
 * encoder, which the snapshot generator runs millions of times. Prints a Markdown table and
 * writes it to its section of docs/benchmarks.md.
 */
import { writeBenchmarkSection } from './benchmark-doc.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import type { AbiLookup, MoveModuleAbi } from '../../shared/move/abi.ts';
import { FRAMEWORK_ABIS } from '../../electron/snapshot/generator/framework-abis.ts';
import { moduleAbi } from '../../electron/snapshot/generator/abi-builder.ts';
import { resolveLayout, type MoveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';

// The framework ABIs the snapshot generator publishes, plus one application struct for the vector case.
const modules: readonly MoveModuleAbi[] = [
  ...FRAMEWORK_ABIS,
  moduleAbi('0xbe', 'ledger', [
    {
      name: 'Entry',
      abilities: ['store'],
      fields: [
        ['amount', 'u64'],
        ['owner', 'address'],
        ['memo', '0x1::string::String'],
        ['active', 'bool'],
      ],
    },
  ]),
];
const lookup: AbiLookup = (address, name) => modules.find((m) => m.address === address && m.name === name);

const account = '0x9c3a1f0e7d4b2a6958c7e3f1a0b9d8c7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1';
const coinStoreLayout = resolveLayout(parseTypeTag('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'), lookup);
const coinStoreJson = {
  coin: { value: '1767711144' },
  deposit_events: { counter: '137', guid: { id: { addr: account, creation_num: '2' } } },
  frozen: false,
  withdraw_events: { counter: '13', guid: { id: { addr: account, creation_num: '3' } } },
};

const entriesLayout = resolveLayout(parseTypeTag('vector<0xbe::ledger::Entry>'), lookup);
const entriesJson = Array.from({ length: 1000 }, (_, i) => ({
  active: i % 3 !== 0,
  amount: String(1_000_000 + i * 7919),
  memo: `payment #${i} for invoice ${(i * 2654435761) % 100000}`,
  owner: `0x${(BigInt(i + 1) * 0x9e3779b97f4a7c15f39cc0605cedc834n).toString(16).slice(0, 64)}`,
}));

/** Runs `fn` for about `ms` milliseconds after a warmup; returns operations per second (median of 5 rounds). */
function opsPerSecond(fn: () => unknown, ms = 400): number {
  const warmupEnd = performance.now() + ms;
  while (performance.now() < warmupEnd) fn();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    let ops = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      for (let i = 0; i < 16; i += 1) fn();
      ops += 16;
      now = performance.now();
    }
    rounds.push((ops * 1000) / (now - start));
  }
  rounds.sort((a, b) => a - b);
  return rounds[2] ?? 0;
}

interface Row {
  readonly name: string;
  readonly bytes: number;
  readonly jsonChars: number;
  readonly decode: number;
  readonly parse: number;
  readonly encode: number;
}

function measure(name: string, layout: MoveLayout, json: unknown): Row {
  const bcs = encodeMoveValue(json, layout);
  const decoded = decodeMoveValue(bcs, layout);
  const text = JSON.stringify(decoded);
  if (text !== JSON.stringify(json)) throw new Error(`${name}: decoded JSON differs from the input`);
  return {
    name,
    bytes: bcs.length,
    jsonChars: text.length,
    decode: opsPerSecond(() => decodeMoveValue(bcs, layout)),
    parse: opsPerSecond(() => JSON.parse(text)),
    encode: opsPerSecond(() => encodeMoveValue(json, layout)),
  };
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const rows = [
  measure('CoinStore<AptosCoin> resource', coinStoreLayout, coinStoreJson),
  measure('vector of 1,000 structs {u64, address, String, bool}', entriesLayout, entriesJson),
];

const table = [
  '| value | BCS bytes | JSON chars | decodeMoveValue ops/s | JSON.parse ' +
    'ops/s (same value) | decode / JSON.parse | encodeMoveValue ops/s |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.bytes)} | ${fmt(r.jsonChars)} | ${fmt(r.decode)} ` +
      `| ${fmt(r.parse)} | ${(r.decode / r.parse).toFixed(2)}× | ${fmt(r.encode)} |`,
  ),
].join('\n');

const section = `## Move codec

\`node test/bench/codec-bench.ts\` — decoding BCS into the node's JSON with a layout resolved from module ABIs,
next to \`JSON.parse\` of the same value's JSON text measured in the same run (ratio > 1: decoding BCS is faster
than parsing the equivalent JSON). Median of 5 rounds of ~0.4 s after a warmup; single thread.

${table}
`;

console.log(table);
writeBenchmarkSection('codec', section);
