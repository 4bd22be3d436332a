/**
 * Errors of the Move codec. Every failure caused by bad *input* (text, bytes, JSON, ABI) is a
 * `CodecError` subclass, so callers (the read service) can map "the client or the data is wrong"
 * to a 4xx/500 answer with one `instanceof` check, while programming errors stay plain `Error`s.
 */

/** Base class of every error the codec throws on bad input. */
export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    // Subclasses set their own name; keeps stack traces and `String(err)` readable.
    this.name = new.target.name;
  }
}

/** An address string that does not follow the node's input rules (`0x` optional, 1..64 hex digits). */
export class AddressError extends CodecError {}

/** A hex string that is not `0x`-optional, even-length, hex digits only. */
export class HexError extends CodecError {}

/**
 * Malformed or non-canonical BCS (or a value the writer cannot encode). Carries the byte offset
 * and what was expected there so that tools can point at the exact byte.
 */
export class BcsError extends CodecError {
  /** Byte offset in the input (reader) or output (writer) where the problem is. */
  readonly offset: number;
  /** What the codec expected at `offset`, e.g. `bool 0 or 1`. */
  readonly expected: string;

  constructor(offset: number, expected: string, found: string) {
    super(`BCS: at byte ${offset}: expected ${expected}, found ${found}`);
    this.offset = offset;
    this.expected = expected;
  }
}

/** A type tag text that does not parse (or is too deeply nested, or is a reference type). */
export class TypeTagError extends CodecError {
  /** Index (UTF-16 code unit) in the parsed text where the problem was found. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(`type tag: at position ${position}: ${message}`);
    this.position = position;
  }
}

/** A Move value layout that cannot be built: unknown module/struct, wrong arity, bad ABI, too deep. */
export class LayoutError extends CodecError {}

/** A JSON value that does not fit the Move type it is meant to encode. */
export class MoveValueError extends CodecError {
  /** JSONPath-like location of the offending value, e.g. `$.items[2].key`. */
  readonly path: string;

  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.path = path;
  }
}
