/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context and focus; when it
 * is missing or refuses, a hidden textarea with `execCommand('copy')` is the fallback, so copying
 * works in the desktop app, on `http://127.0.0.1` and in tests alike.
 */

/** Writes `text` to the clipboard; resolves true when a method reported success. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused or no focus: try the fallback below
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
