/**
 * `node --import ./test/support/loaded-modules-hook.ts …`: writes the URL of every module the process loaded, one a
 * line, to the file named by LEDGER_EXPLORER_LOADED_MODULES when it exits (test/cli/cli-start.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  const out = process.env.LEDGER_EXPLORER_LOADED_MODULES;
  if (out) writeFileSync(out, `${loaded.join('\n')}\n`);
});
