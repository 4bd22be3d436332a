/**
 * One test per item of Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security),
 * numbered as there; docs/security.md lists them. `electron` is mocked (no binary here).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../shared/ipc-contract.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { BrowserWindow, contextBridge, FakeSession, FakeWebContents, ipcRenderer, shell } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { secureWebPreferences } = await import('../../electron/main/security/web-preferences.ts');
const { guardNavigation } = await import('../../electron/main/security/navigation.ts');
const { denyAllPermissions } = await import('../../electron/main/security/permissions.ts');
const { isAllowedExternalUrl, openExternalIfAllowed } = await import('../../electron/main/security/external-links.ts');
const { UI_CONTENT_SECURITY_POLICY: CONTENT_SECURITY_POLICY, loadStaticUi } =
  await import('../../electron/service/static-ui.ts');
const { isTrustedSender } = await import('../../electron/main/security/trusted-sender.ts');
const { createMainWindow } = await import('../../electron/main/main-window.ts');
const { createAppHandler } = await import('../../electron/main/protocol/app-protocol.ts');
const { FUSES } = await import('../../build/after-pack.ts');
const { FuseV1Options } = await import('@electron/fuses');

const root = join(import.meta.dirname, '..', '..');
const uiFolder = useTempDir('ledger-explorer-csp-');
let window: BrowserWindow;
let preferences: Record<string, unknown>;

beforeAll(() => {
  createMainWindow({ preload: '/app/preload.cjs', saved: null, saveGeometry: () => {} });
  const created = BrowserWindow.created.at(-1);
  if (!created) throw new Error('no window created');
  window = created;
  preferences = created.options.webPreferences as Record<string, unknown>;
});

function navigate(contents: FakeWebContents, event: string, url: string): boolean {
  let prevented = false;
  contents.emit(event, { preventDefault: () => (prevented = true), url }, url);
  return prevented;
}

describe("Electron's security checklist", () => {
  it('1. only secure content: the window loads app:// (secure), the page may fetch only its own origin', () => {
    expect(window.loadedUrl).toBe('app://ledger-explorer/');
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });

  it('2. no Node.js integration in the page, its workers or sub-frames', () => {
    expect(preferences).toMatchObject({
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('3. context isolation is on', () => {
    expect(preferences).toEqual(secureWebPreferences('/app/preload.cjs'));
    expect(preferences.contextIsolation).toBe(true);
  });

  it('4. the renderer process is sandboxed', () => {
    expect(preferences.sandbox).toBe(true);
  });

  it('5. every permission request and check is denied', () => {
    const session = new FakeSession();
    denyAllPermissions(session as never);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ]) {
      const granted = vi.fn();
      session.permissionRequestHandler?.(window.webContents, permission, granted, {});
      expect(granted).toHaveBeenCalledWith(false);
      expect(session.permissionCheckHandler?.(window.webContents, permission, 'app://ledger-explorer', {})).toBe(false);
    }
    expect(session.devicePermissionHandler?.({ deviceType: 'usb' })).toBe(false);
    const chosen = vi.fn();
    let prevented = false;
    session.emit('select-usb-device', { preventDefault: () => (prevented = true) }, {}, chosen);
    expect(prevented).toBe(true);
    expect(chosen).toHaveBeenCalledWith();
  });

  it('6. webSecurity stays on', () => {
    expect(preferences.webSecurity).toBe(true);
  });

  it('7. every app:// page carries a strict Content-Security-Policy, every API reply a sandboxing one', async () => {
    writeFileSync(join(uiFolder, 'index.html'), '<!doctype html><div id="root"></div>');
    const handler = createAppHandler(loadStaticUi(uiFolder), () => Promise.resolve(new Response('{}')));
    const page = await handler(new Request('app://ledger-explorer/some/route'));
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|blob:|\*/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // An API reply is data: it can never become a document that runs anything.
    const reply = await handler(new Request('app://ledger-explorer/v1/accounts/0x1'));
    expect(reply.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('8. insecure content is not allowed to run', () => {
    expect(preferences.allowRunningInsecureContent).toBe(false);
  });

  it('9. experimental features stay off', () => {
    expect(preferences.experimentalFeatures).toBe(false);
  });

  it('10. no Blink features are enabled', () => {
    expect(preferences.enableBlinkFeatures ?? '').toBe('');
  });

  it('11. no <webview> (so no allowpopups): the tag is disabled', () => {
    expect(preferences.webviewTag).toBe(false);
  });

  it('12. a webview is never attached, whatever its options', () => {
    expect(navigate(window.webContents, 'will-attach-webview', 'https://example.com/')).toBe(true);
  });

  it('13. navigation away from the app origin is denied (links, redirects, frames)', () => {
    const contents = new FakeWebContents();
    guardNavigation(contents as never);
    expect(navigate(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'app://ledger-explorer.evil/')).toBe(true);
    expect(navigate(contents, 'will-redirect', 'http://127.0.0.1:8080/')).toBe(true);
    expect(navigate(contents, 'will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'app://ledger-explorer/account/0x1')).toBe(false);
  });

  it('14. new windows are denied; an allowlisted link opens in the browser instead', async () => {
    const contents = new FakeWebContents();
    guardNavigation(contents as never);
    shell.openExternal.mockClear();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://ledger-explorer/other' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://github.com/aptos-labs' })).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(shell.openExternal.mock.calls).toEqual([['https://github.com/aptos-labs']]);
  });

  it('15. shell.openExternal only for https URLs on allowlisted origins', async () => {
    expect(isAllowedExternalUrl('https://aptos.dev/build/apis')).toBe(true);
    for (const url of [
      'http://github.com/',
      'https://github.com.evil.example/',
      'https://user@github.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://evil.example/',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(url)).toBe(false);
    }
    shell.openExternal.mockClear();
    expect(await openExternalIfAllowed('file:///bin/sh')).toBe(false);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('16. a current Electron: the pinned version is a supported major (≥ 42)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const major = Number(/^\D*(\d+)/.exec(pkg.devDependencies.electron ?? '')?.[1]);
    expect(major).toBeGreaterThanOrEqual(42);
  });

  it('17. IPC senders are validated: only an app window main frame on a UI page of the app origin', () => {
    const trusted = new Set([7]);
    expect(
      isTrustedSender({ sender: { id: 7 }, senderFrame: { url: 'app://ledger-explorer/', parent: null } }, trusted),
    ).toBe(true);
    expect(
      isTrustedSender({ sender: { id: 7 }, senderFrame: { url: 'https://evil.example/', parent: null } }, trusted),
    ).toBe(false);
    expect(
      isTrustedSender({ sender: { id: 8 }, senderFrame: { url: 'app://ledger-explorer/', parent: null } }, trusted),
    ).toBe(false);
    expect(
      isTrustedSender(
        { sender: { id: 7 }, senderFrame: { url: 'app://ledger-explorer/', parent: {} as never } },
        trusted,
      ),
    ).toBe(false);
    expect(isTrustedSender({ sender: { id: 7 }, senderFrame: null }, trusted)).toBe(false);
    // A frame showing an API reply (a document whose bytes a snapshot or a node chose) is not the UI.
    for (const url of ['app://ledger-explorer/v1/accounts/0x1', 'app://ledger-explorer/explorer/v1/source'])
      expect(isTrustedSender({ sender: { id: 7 }, senderFrame: { url, parent: null } }, trusted), url).toBe(false);
    // Look-alikes of the API prefix are client routes of the UI, as the app:// handler routes them.
    expect(
      isTrustedSender({ sender: { id: 7 }, senderFrame: { url: 'app://ledger-explorer/v10', parent: null } }, trusted),
    ).toBe(true);
  });

  it('18. no file:// pages: the app is served by the app:// custom protocol', () => {
    expect(window.loadedUrl?.startsWith('app://')).toBe(true);
    expect(FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
  });

  it('19. fuses: run-as-node, NODE_OPTIONS and inspect arguments off; asar integrity and asar-only on', () => {
    expect(FUSES[FuseV1Options.RunAsNode]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });

  it('20. no Electron API reaches the page: the preload exposes only the named bridge functions', async () => {
    vi.stubGlobal('window', new EventTarget());
    await import('../../electron/preload/preload.ts');
    vi.unstubAllGlobals();
    expect([...contextBridge.exposed.keys()]).toEqual(['ledgerExplorer']);
    const bridge = contextBridge.exposed.get('ledgerExplorer') as Record<string, unknown>;
    const expected = [
      ...Object.keys(INVOKE_CHANNELS).filter((name) => name !== 'openSnapshotPath'),
      'openDroppedFile',
      'onSourceChanged',
      'onServiceRestarted',
      'platform',
    ];
    expect(Object.keys(bridge).sort()).toEqual(expected.sort());
    for (const [name, value] of Object.entries(bridge)) {
      expect(value === ipcRenderer || (typeof value === 'object' && value !== null), name).toBe(false);
    }
  });
});
