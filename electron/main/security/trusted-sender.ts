/**
 * Checklist item 17: every IPC message's sender is checked. Only the main frame of one of the app's
 * own windows, currently showing a page of the UI on the app origin, is trusted; anything else is dropped.
 * A frame on an API URL (`/v1/…`, `/explorer/…`) is not a page of the UI even though it shares the origin: its
 * document is a reply of the data source — bytes a snapshot file or a remote node chose — so it never gets the bridge.
 */
import type { WebFrameMain } from 'electron';
import { isApiPath } from '../../service/static-ui.ts';
import { isAppUrl } from './app-origin.ts';

/** The parts of an IPC event used to judge its sender. */
export interface SenderEvent {
  readonly senderFrame: Pick<WebFrameMain, 'url' | 'parent'> | null;
  readonly sender: { readonly id: number };
}

/**
 * True when the event comes from the main frame of an app window (`trustedContentsIds`) on a UI page of the app
 * origin (not an API path: the same test the app:// handler routes by).
 */
export function isTrustedSender(event: SenderEvent, trustedContentsIds: ReadonlySet<number>): boolean {
  const frame = event.senderFrame;
  if (frame === null) return false; // the frame navigated away or was destroyed
  if (frame.parent !== null) return false; // sub-frames never talk to the main process
  if (!trustedContentsIds.has(event.sender.id)) return false;
  if (!isAppUrl(frame.url)) return false;
  return !isApiPath(new URL(frame.url).pathname);
}
