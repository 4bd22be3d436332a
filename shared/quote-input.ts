/**
 * Quoting client or file input inside an error message: at most a short prefix, then how long the whole was. A
 * message that echoed its input whole could be as large as the input (8 MiB bodies, 1.7 MB once measured), costing
 * memory and time on both ends for no reader's benefit (docs/security.md, "Hostile input").
 */

/** Characters of input a message quotes before cutting it short. */
export const QUOTE_PREFIX_CHARS = 100;

/** UTF-8 byte length of `text` without encoding it (lone surrogates count 3, as TextEncoder writes U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * `text` itself when it has at most `max` characters; otherwise its first `max` characters (a surrogate pair is not
 * split), `…` and the whole text's size: `abc… (1748213 bytes)`.
 */
export function quoteInput(text: string, max: number = QUOTE_PREFIX_CHARS): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last < 0xdc00) end -= 1;
  return `${text.slice(0, end)}… (${utf8Length(text)} bytes)`;
}

/** `JSON.stringify(text)` of a quoted prefix: `"abc…" (1748213 bytes)` for long text, `"abc"` for short. */
export function quoteString(text: string, max: number = QUOTE_PREFIX_CHARS): string {
  if (text.length <= max) return JSON.stringify(text);
  const cut = quoteInput(text, max);
  const at = cut.lastIndexOf('… (');
  return `${JSON.stringify(cut.slice(0, at))}… ${cut.slice(at + 2)}`;
}
