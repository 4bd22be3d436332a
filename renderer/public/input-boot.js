/* global window, document, Element -- a browser script */
/*
 * Keeps what a user does on a page the server rendered before the app has made its controls live. Such a page paints
 * from its HTML (electron/service/ssr-page.ts marks its #root aria-busy="true") well before React has hydrated every
 * part of it: the app's code loads and runs first, then each Suspense boundary hydrates in a later pass, and a click
 * or a key that reaches a control in between reaches no handler. index.html loads this as a deferred classic script in
 * its head (the CSP runs same-origin script files, never inline ones): it runs once the page is parsed, before the
 * app's module entry (deferred scripts run in document order), and does not hold up the first paint as a blocking
 * script did (about 40 ms on the first rows, measured idle, session 20; docs/benchmarks.md).
 *
 * While #root is busy, an act on a control that is not React's yet (React marks each element it has hydrated with its
 * props) is queued: a click on a button is held back (its default too) and clicked again later, a typed value and a
 * picked option stay in their control (React's hydration keeps a control's current value) and are announced to the
 * app later with the value they were given, a non-character key (Enter, Escape, arrows) is sent again later. A link
 * is left to work as a link.
 * renderer/app/early-input.ts takes the queue once every control is live, clears aria-busy and replays it in order.
 */
(function () {
  /**
   * One act: `kind` click, value or key; `value` for a value, `key`, `code` and `modifiers` for a key.
   * @type {Array<{ kind: string, target: Element, value?: string, key?: string, code?: string, modifiers?: any[] }>}
   */
  var queue = [];
  var stopped = false;
  var CLICKABLE =
    'button, summary, [role="button"], [role="tab"], [role="option"], [role="menuitem"], ' +
    'input[type="checkbox"], input[type="radio"], input[type="button"], input[type="submit"], input[type="reset"]';
  var VALUED = 'input, select, textarea';
  // Keys whose press does nothing to be replayed: focus moves and modifiers on their own.
  var PASSIVE_KEYS = ['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Unidentified', 'Process', 'Dead'];

  function isReacts(element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  }

  /** The control of `event` that is queued for, or null to let the event go on. */
  function pending(event, selector) {
    if (stopped) return null;
    var root = document.getElementById('root');
    if (root === null || root.getAttribute('aria-busy') !== 'true') return null;
    var target = event.target instanceof Element ? event.target : null;
    var control = target === null ? null : target.closest(selector);
    if (control === null || !root.contains(control) || isReacts(control)) return null;
    return control;
  }

  window.addEventListener(
    'click',
    function (event) {
      var control = pending(event, CLICKABLE);
      // A click inside a link is the link's: the browser follows it (the next page is rendered by the server too).
      if (control === null || (event.target instanceof Element && event.target.closest('a[href]') !== null)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      queue.push({ kind: 'click', target: control });
    },
    true,
  );

  function onValue(event) {
    var control = pending(event, VALUED);
    if (control === null) {
      // A control already queued that is React's now: its newer value is the one to replay, not the queued one.
      var live = event.target instanceof Element ? event.target.closest(VALUED) : null;
      queue.forEach(function (entry) {
        if (entry.kind === 'value' && entry.target === live) entry.value = live.value;
      });
      return;
    }
    var last = queue[queue.length - 1];
    // One entry per run of typing, holding the latest value: a render of the control before it is replayed (its
    // state still the server's) may put the server's value back in the box, and the replay restores the typed one.
    if (last !== undefined && last.kind === 'value' && last.target === control) last.value = control.value;
    else queue.push({ kind: 'value', target: control, value: control.value });
  }
  window.addEventListener('input', onValue, true);
  window.addEventListener('change', onValue, true);

  window.addEventListener(
    'keydown',
    function (event) {
      if (event.key.length === 1 || PASSIVE_KEYS.indexOf(event.key) >= 0) return;
      var control = pending(event, '*');
      if (control === null) return;
      queue.push({
        kind: 'key',
        target: control,
        key: event.key,
        code: event.code,
        modifiers: [event.shiftKey, event.ctrlKey, event.altKey, event.metaKey],
      });
    },
    true,
  );

  window.ledgerExplorerEarlyInput = {
    /** Stops queueing and hands over what was queued, oldest first. */
    take: function () {
      stopped = true;
      var taken = queue;
      queue = [];
      return taken;
    },
  };
})();
