/**
 * The main-process side of the IPC contract. Every call is checked twice before its
 * implementation runs: the sender must be an app window's main frame on the app origin
 * (trusted-sender.ts), and the arguments must match the contract (ipc-arguments.ts). Anything else
 * is dropped — logged once, rejected with a bare "refused" and never passed on.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { INVOKE_CHANNELS, type InvokeContract, type InvokeName } from '../../../shared/ipc-contract.ts';
import { isTrustedSender } from '../security/trusted-sender.ts';
import { parseInvokeArgs } from './ipc-arguments.ts';

/** One implementation per call of the contract. */
export type InvokeImplementations = {
  readonly [K in InvokeName]: (
    ...args: InvokeContract[K]['args']
  ) => Promise<InvokeContract[K]['result']> | InvokeContract[K]['result'];
};

/** Why a call was dropped (for the log). */
export type DropReason = 'untrusted sender' | 'invalid arguments';

/** Registers a handler for every call; `trustedContentsIds` are the ids of the app's windows' web contents. */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  implementations: InvokeImplementations,
  trustedContentsIds: ReadonlySet<number>,
  onDropped: (channel: string, reason: DropReason) => void = (channel, reason) =>
    console.warn(`IPC ${channel} dropped: ${reason}`),
): void {
  for (const name of Object.keys(INVOKE_CHANNELS) as InvokeName[])
    register(ipcMain, name, implementations, trustedContentsIds, onDropped);
}

function register<K extends InvokeName>(
  ipcMain: Pick<IpcMain, 'handle'>,
  name: K,
  implementations: InvokeImplementations,
  trustedContentsIds: ReadonlySet<number>,
  onDropped: (channel: string, reason: DropReason) => void,
): void {
  const channel = INVOKE_CHANNELS[name];
  ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...raw: unknown[]) => {
    if (!isTrustedSender(event, trustedContentsIds)) {
      onDropped(channel, 'untrusted sender');
      throw new Error('refused');
    }
    const args = parseInvokeArgs(name, raw);
    if (args === undefined) {
      onDropped(channel, 'invalid arguments');
      throw new Error('refused');
    }
    const implementation = implementations[name] as (
      ...args: InvokeContract[K]['args']
    ) => Promise<InvokeContract[K]['result']> | InvokeContract[K]['result'];
    return implementation(...args);
  });
}
