/**
 * Checklist item 17: every IPC message's sender is checked. Only the main frame of one of the app's
 * own windows, currently showing an app:// page, is trusted; anything else is dropped.
 */
import type { WebFrameMain } from 'electron';
import { isAppUrl } from './app-origin.ts';

/** The parts of an IPC event used to judge its sender. */
export interface SenderEvent {
  readonly senderFrame: Pick<WebFrameMain, 'url' | 'parent'> | null;
  readonly sender: { readonly id: number };
}

/** True when the event comes from the main frame of an app window (`trustedContentsIds`) on the app origin. */
export function isTrustedSender(event: SenderEvent, trustedContentsIds: ReadonlySet<number>): boolean {
  const frame = event.senderFrame;
  if (frame === null) return false; // the frame navigated away or was destroyed
  if (frame.parent !== null) return false; // sub-frames never talk to the main process
  if (!trustedContentsIds.has(event.sender.id)) return false;
  return isAppUrl(frame.url);
}
