/**
 * The second half of renderer/public/input-boot.js: once every control of a page the server rendered is live (React
 * hydrates the root first and each Suspense boundary in a later pass), the page stops saying it is busy and the acts
 * the boot script queued meanwhile are replayed in their order — a click clicked, a typed value or a picked option
 * announced to React as the change it missed, a key sent again — so none of them is lost.
 */

/** One act the boot script queued (input-boot.js). */
export interface EarlyInput {
  readonly kind: string;
  readonly target: Element;
  /** The value typed or picked (kind `value`). */
  readonly value?: string;
  readonly key?: string;
  readonly code?: string;
  readonly modifiers?: readonly boolean[];
}

/** The controls that must be React's before the page counts as live (those the boot script queues acts on). */
const CONTROLS = 'button, input, select, textarea, summary, [role="button"], [role="tab"], [role="option"]';

/** How often the page is checked for controls not hydrated yet (ms). */
const CHECK_EVERY_MS = 25;

/** After this long the queue is replayed whatever is still dehydrated: a part that never hydrates holds nothing up. */
const GIVE_UP_MS = 20_000;

/** True once React has hydrated `element` (it keeps each element's props on it). */
export function isReacts(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** True when every control under `root` is React's. */
export function allLive(root: Element): boolean {
  for (const control of root.querySelectorAll(CONTROLS)) if (!isReacts(control)) return false;
  return true;
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Gives `control` the `value` typed or picked before it was live, and tells React of the change it did not see (a
 * render since hydration may have put the server's value back). React's record of an input's value (taken from the
 * control at hydration) is set to another value through the element's own `value` property, the value is then put
 * in through the prototype's setter (which React does not watch), and the event React listens for is sent.
 */
function announceValue(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  if (control instanceof HTMLSelectElement) {
    control.value = value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;
  control.value = value === '' ? ' ' : '';
  if (setter === undefined) control.value = value;
  else setter.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Replays one act on its control, if the control is still on the page. */
export function replay(input: EarlyInput): void {
  const target = input.target;
  if (!target.isConnected) return; // drawn anew by React: the act's control is gone
  if (input.kind === 'click' && target instanceof HTMLElement) target.click();
  else if (
    input.kind === 'value' &&
    input.value !== undefined &&
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
  )
    announceValue(target, input.value);
  else if (input.kind === 'key' && input.key !== undefined) {
    const [shiftKey, ctrlKey, altKey, metaKey] = input.modifiers ?? [];
    target.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: input.key,
        code: input.code ?? '',
        shiftKey: shiftKey === true,
        ctrlKey: ctrlKey === true,
        altKey: altKey === true,
        metaKey: metaKey === true,
        bubbles: true,
        cancelable: true,
      }),
    );
  }
}

function isEarlyInput(value: unknown): value is EarlyInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    typeof value.kind === 'string' &&
    'target' in value &&
    value.target instanceof Element
  );
}

/** What the boot script queued (nothing when it did not run), its queueing stopped. */
function takeQueued(): EarlyInput[] {
  const queue: unknown = Reflect.get(window, 'ledgerExplorerEarlyInput');
  if (typeof queue !== 'object' || queue === null || !('take' in queue) || typeof queue.take !== 'function') return [];
  const taken: unknown = queue.take();
  return Array.isArray(taken) ? taken.filter(isEarlyInput) : [];
}

/**
 * Ends the page's busy state: for a hydrated page once every control under `root` is live, then replays what the boot
 * script queued, one act per task (React renders each act's outcome before the next reaches it); for a page drawn by
 * the client at once, dropping the queue (its controls were replaced).
 */
export async function settleEarlyInput(root: HTMLElement, hydrated: boolean): Promise<void> {
  if (!hydrated) {
    takeQueued();
    root.removeAttribute('aria-busy');
    return;
  }
  const started = Date.now();
  while (!allLive(root) && Date.now() - started < GIVE_UP_MS) {
    await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
  }
  const queued = takeQueued();
  root.removeAttribute('aria-busy');
  for (const input of queued) {
    replay(input);
    await nextTask();
  }
}
