/**
 * `npm run test:electron`: the desktop app launched for real through Playwright's `_electron`:
 * the window opens on a snapshot given on the command line, the landing page shows, and an
 * account's resources open. Runs only where an Electron binary is present (none can be downloaded
 * here); otherwise it says plainly that it was SKIPPED and counts nothing as passed.
 *
 * When a binary is present it first builds the renderer and the Electron bundles (`build:ui`, `build:electron`).
 * LEDGER_EXPLORER_ELECTRON may point at an Electron executable; otherwise the `electron` package's
 * own binary is used if it was downloaded (node_modules/electron/path.txt and dist/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron } from 'playwright-core';
import { generateSnapshot } from '../../../electron/snapshot/generate.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** The Electron executable, without triggering the electron package's download. */
function electronBinary(): string | undefined {
  const override = process.env.LEDGER_EXPLORER_ELECTRON;
  if (override) return existsSync(override) ? override : undefined;
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function summary(passed: number, failed: number, skipped: number): void {
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

const binary = electronBinary();
if (!binary) {
  console.log(
    'electron smoke test: SKIPPED — no Electron binary on this machine (it is downloaded on first `npm start`',
  );
  console.log('where the network allows). Nothing was launched; this is not a pass.');
  summary(0, 0, 1);
  process.exit(0);
}
for (const script of ['build:ui', 'build:electron']) {
  const build = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    console.error(`electron smoke test: npm run ${script} failed`);
    summary(0, 1, 0);
    process.exit(1);
  }
}
const mainBundle = join(root, 'dist', 'electron', 'main.js');

const work = mkdtempSync(join(tmpdir(), 'ledger-explorer-smoke-'));
let failed = 0;
let passed = 0;
try {
  const snapshot = join(work, 'smoke.ledgerdb');
  generateSnapshot({ out: snapshot, seed: 3, versions: 2_000, accounts: 30 });
  const app = await _electron.launch({
    executablePath: binary,
    args: [mainBundle, snapshot],
    env: { ...process.env, LEDGER_EXPLORER_DATA_DIR: join(work, 'user-data') },
    timeout: 60_000,
  });
  try {
    const page = await app.firstWindow();
    await page.waitForURL('app://ledger-explorer/**');
    const check = async (name: string, run: () => Promise<void>): Promise<void> => {
      try {
        await run();
        passed += 1;
        console.log(`  ✓ ${name}`);
      } catch (error) {
        failed += 1;
        console.log(`  ✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await check('the window shows the landing page on the snapshot given on the command line', async () => {
      await page.locator('#root *').first().waitFor({ timeout: 30_000 });
      const title = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle() ?? '');
      if (!title.includes('smoke.ledgerdb')) throw new Error(`window title "${title}" does not name the snapshot`);
    });
    await check("an account's resource opens", async () => {
      await page.goto('app://ledger-explorer/accounts/0x1/resources');
      await page.getByText('0x1::account::Account').first().waitFor({ timeout: 30_000 });
    });
    await check('the page has the bridge but no Node.js', async () => {
      const globals = await page.evaluate(() => ({
        bridge: typeof window.ledgerExplorer,
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
      }));
      if (globals.bridge !== 'object' || globals.require !== 'undefined' || globals.process !== 'undefined')
        throw new Error(JSON.stringify(globals));
    });
  } finally {
    await app.close();
  }
} catch (error) {
  failed += 1;
  console.log(`  ✗ launch: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
summary(passed, failed, 0);
process.exit(failed === 0 ? 0 : 1);
