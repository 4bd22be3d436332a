/**
 * Keeps docs/benchmarks.md as one page with a section per benchmark: each benchmark script replaces
 * its own section (between HTML comment markers) and leaves the others as they were, so
 * `npm run bench` and `npm run bench:service` can run separately.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const DOC = join(import.meta.dirname, '..', '..', 'docs', 'benchmarks.md');

const HEADER = `# Benchmarks

Timing goals live here, never in tests. Every figure is measured next to a baseline measured in the same run
on the same machine (ratio = ours / baseline), so the ratios mean more than the absolute numbers.
Run \`npm run bench\` (codec and snapshot store) and \`npm run bench:service\` (read service under load).
`;

/** One line describing the machine a benchmark ran on. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return (
    `Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (${cpu}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`
  );
}

/** Replaces (or appends) section `name` of docs/benchmarks.md with `markdown`. */
export function writeBenchmarkSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : HEADER;
  const block = `${start}\n${markdown.trim()}\n\n${machineLine()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(DOC, next);
}
