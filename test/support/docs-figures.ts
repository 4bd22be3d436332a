/**
 * `npm run docs:figures`: rewrites the sample's figures in the marked spans of the README (and the docs listed in
 * sample-figures.ts) from a generated sample, so they are never typed by hand. `--check` changes nothing and exits
 * 1 naming the spans that differ (test/docs/readme-figures.test.ts checks the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURE_FILES, figureSpans, readSampleFigures, rewriteFigures } from './sample-figures.ts';

const root = join(import.meta.dirname, '..', '..');
const check = process.argv.includes('--check');
const figures = await readSampleFigures(root, (line) => process.stderr.write(`${line}\n`));
let drift = 0;
for (const file of FIGURE_FILES) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = rewriteFigures(before, figures);
  const old = figureSpans(before);
  const now = figureSpans(after);
  const changed = old.filter((span, i) => span.text !== now[i]?.text).map((span) => span.name);
  drift += changed.length;
  if (changed.length > 0 && !check) writeFileSync(path, after);
  const verb = check ? 'differ' : 'rewritten';
  process.stdout.write(
    `${file}: ${old.length} figures${changed.length > 0 ? `, ${verb}: ${changed.join(', ')}` : ', all current'}\n`,
  );
}
if (check && drift > 0) process.exitCode = 1;
