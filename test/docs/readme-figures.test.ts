/**
 * The figures the README states about the sample come from the sample: every marked span
 * (`<!-- figure NAME -->…<!-- /figure -->`, test/support/sample-figures.ts) holds what the generated sample gives
 * for it, so a generator change that moves a figure fails here until `npm run docs:figures` rewrites it.
 *
 * The sample is the one `serve` generates into an empty data folder on first use, which this file also checks (it
 * then serves it): the 50,000-version sample is the suite's largest generation, so it is made once, by the product's
 * own first-use path, and both checks read that one file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_SNAPSHOT_NAME } from '../../electron/cli/data-folder.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import {
  FIGURE_FILES,
  FIGURE_TEXT,
  figureSpans,
  rewriteFigures,
  sampleFigures,
  type SampleFigures,
} from '../support/sample-figures.ts';
import { startServeProcess } from '../support/serve-process.ts';
import { useTempDir } from '../support/temp-dir.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dataDir = join(useTempDir(), 'data');
const sample = join(dataDir, SAMPLE_SNAPSHOT_NAME);
let firstUse: { readonly generated: boolean; readonly ledgerVersion: unknown; readonly exitCode: number | null };
let figures: SampleFigures;

beforeAll(async () => {
  // Generating the 50,000-version sample with its indexer tables takes ~2.9× the CPU of format v2
  // (docs/benchmarks.md, "Indexer tables"); on a shared 2-core machine that is minutes of wall time.
  const served = await startServeProcess(['--port', '0'], { ...process.env, LEDGER_EXPLORER_DATA_DIR: dataDir });
  const generated = existsSync(sample);
  const body = (await (await fetch(`${served.url}/v1`)).json()) as { ledger_version?: unknown };
  firstUse = { generated, ledgerVersion: body.ledger_version, exitCode: await served.stop() };
  const store = SnapshotStore.open(sample);
  try {
    figures = await sampleFigures(store);
  } finally {
    store.close();
  }
}, 600_000);

describe('the sample snapshot on first use', () => {
  it('serve generates the sample snapshot into the data folder on first use, then serves it', () => {
    expect(firstUse).toEqual({ generated: true, ledgerVersion: '49999', exitCode: 0 });
  });
});

describe('the sample figures in the docs', () => {
  it('every marked span of the README holds the sample’s figure (run `npm run docs:figures` after a change)', () => {
    for (const file of FIGURE_FILES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const spans = figureSpans(text);
      expect(new Set(spans.map((span) => span.name))).toEqual(new Set(Object.keys(FIGURE_TEXT)));
      const expected = figureSpans(rewriteFigures(text, figures));
      const drifted = spans
        .filter((span, i) => span.text !== expected[i]!.text)
        .map((span, i) => `${span.name}: "${span.text}" → "${expected[i]!.text}"`);
      expect(drifted, `${file}: figures that differ from the sample`).toEqual([]);
      // A line that starts with a marker and goes on would be read as a raw HTML block, its Markdown not rendered.
      const swallowed = text.split('\n').filter((line) => /^\s*<!-- figure [a-z-]+ -->\S/.test(line));
      expect(swallowed, `${file}: lines starting with a figure marker`).toEqual([]);
    }
  });

  it('reads the figures from the sample itself (its ledger, its registry, its large account)', () => {
    const store = SnapshotStore.open(sample);
    try {
      const ledger = store.ledgerInfo();
      expect(figures.latestVersion).toBe(ledger.ledgerVersion);
      expect(figures.oldestVersion).toBe(ledger.oldestLedgerVersion);
      expect(figures.oldestVersion).toBeGreaterThan(0n);
      expect(BigInt(figures.recordCountLatest)).toBeGreaterThan(BigInt(figures.recordCountOldest));
      expect(figures.recordEvents.events).toBeGreaterThan(0n);
      expect(figures.collectorResources).toBeGreaterThan(10_000);
      expect(figures.accounts).toBeGreaterThanOrEqual(figures.senders);
      // The serve example is what serve prints: its start lines name the same figures.
      expect(figures.serveLines).toContain(`an event stream of ${figures.recordEvents.events.toLocaleString('en-US')}`);
      expect(figures.serveLines).toContain(`${figures.collectorResources.toLocaleString('en-US')} resources`);
    } finally {
      store.close();
    }
  });

  it('a drifted span is rewritten, its neighbours kept, and an unknown name refused', () => {
    const planted =
      'a <!-- figure oldest-version -->`1`<!-- /figure --> b <!-- figure record-count -->x<!-- /figure -->';
    expect(rewriteFigures(planted, figures)).toBe(
      `a <!-- figure oldest-version -->\`${figures.oldestVersion}\`<!-- /figure --> b ` +
        `<!-- figure record-count -->\`record_count\` is ${figures.recordCountOldest} instead of ` +
        `${figures.recordCountLatest}<!-- /figure -->`,
    );
    expect(() => rewriteFigures('<!-- figure nope -->1<!-- /figure -->', figures)).toThrow(/unknown figure "nope"/);
  });
});
