/**
 * `npm test`'s first step: the format check (Prettier), the type check (tsc) and ESLint, run at the same time
 * instead of one after the other. Each is single-threaded and together they took ~70 s of a 2-core machine's
 * `npm test` in turn (docs/benchmarks.md, "Test suite time"). Each one's output is printed whole when it ends, and
 * the step fails when any of them fails, naming it.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['format:check', 'typecheck', 'lint'] as const;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<{ script: string; code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.on('error', (error) => void (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: npm run ${script} (${seconds.toFixed(1)} s)\n${output}`);
      resolve({ script, code, output, seconds });
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length > 0) {
  process.stderr.write(`static checks failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
