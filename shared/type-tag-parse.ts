/**
 * Type tag text -> TypeTag, following the node: any ASCII whitespace between tokens, struct
 * addresses in short or long form (`0x` required, lower-case x), Move identifiers, `S<>` and a
 * trailing comma in argument lists (the node's parser accepts both), no references (`&T`), and the
 * API's nesting limit. Percent-decoding of path parameters is the caller's job.
 */
import { formatAddress, parseAddress } from './address.ts';
import { TypeTagError } from './codec-error.ts';
import { hexDigitValue } from './hex.ts';
import { isPrimitiveTypeName, type StructTag, type TypeTag } from './type-tag-core.ts';
import { quoteString } from './quote-input.ts';

/**
 * The node API's MAX_RECURSIVE_TYPES_ALLOWED. Counting as its verifier does: the top type is at
 * level 0; a vector's element is one level down; a struct *tag* is one level below the type that
 * names it and its type arguments one more (so each generic struct costs two levels). Any level
 * above 8 is rejected: `vector` nested 8 deep around `u8` is accepted, 9 deep is not.
 */
export const MAX_TYPE_TAG_NESTING = 8;

// ABI field types are not limited by the API rule; this only keeps hostile text from exhausting
// the stack.
const ABI_NESTING_GUARD = 64;

const isWhitespace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isIdentStart = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
const isIdentChar = (c: number): boolean => isIdentStart(c) || (c >= 0x30 && c <= 0x39);
const GENERIC_PARAM = /^T(0|[1-9][0-9]*)$/;

class Parser {
  readonly text: string;
  readonly limit: number;
  readonly params: readonly TypeTag[] | undefined;
  pos = 0;

  constructor(text: string, limit: number, params: readonly TypeTag[] | undefined) {
    this.text = text;
    this.limit = limit;
    this.params = params;
  }

  fail(message: string, at = this.pos): never {
    throw new TypeTagError(message, at);
  }

  skipWhitespace(): void {
    while (this.pos < this.text.length && isWhitespace(this.text.charCodeAt(this.pos))) this.pos += 1;
  }

  /** Consumes `token` (after optional whitespace) or fails. */
  expect(token: string): void {
    this.skipWhitespace();
    if (!this.text.startsWith(token, this.pos)) {
      this.fail(`expected "${token}", found ${this.describeHere()}`);
    }
    this.pos += token.length;
  }

  describeHere(): string {
    return this.pos >= this.text.length ? 'end of text' : JSON.stringify(this.text.slice(this.pos, this.pos + 12));
  }

  identifier(what: string): string {
    this.skipWhitespace();
    const start = this.pos;
    if (start < this.text.length && isIdentStart(this.text.charCodeAt(start))) {
      let end = start + 1;
      while (end < this.text.length && isIdentChar(this.text.charCodeAt(end))) end += 1;
      const name = this.text.slice(start, end);
      if (name !== '_') {
        this.pos = end;
        return name;
      }
    }
    return this.fail(`expected ${what}, found ${this.describeHere()}`);
  }

  checkLevel(level: number, at: number): void {
    if (level > this.limit) {
      this.fail(`type nesting deeper than ${this.limit} levels`, at);
    }
  }

  type(level: number): TypeTag {
    this.skipWhitespace();
    const start = this.pos;
    this.checkLevel(level, start);
    const c = this.text.charCodeAt(start);
    if (c === 0x26 /* & */) this.fail('reference types are not allowed');
    if (c === 0x30 /* 0 */ && this.text.charCodeAt(start + 1) === 0x78 /* x */) {
      return { kind: 'struct', struct: this.struct(level + 1) };
    }
    const name = this.identifier('a type');
    if (isPrimitiveTypeName(name)) return { kind: name };
    if (name === 'vector') {
      this.expect('<');
      const element = this.type(level + 1);
      this.expect('>');
      return { kind: 'vector', element };
    }
    const param = GENERIC_PARAM.exec(name);
    if (param !== null && this.params !== undefined) {
      const bound = this.params[Number(param[1])];
      if (bound === undefined) this.fail(`generic parameter ${name} out of range (${this.params.length} given)`, start);
      return bound;
    }
    return this.fail(`unknown type ${quoteString(name)}`, start);
  }

  /** `0x<hex>::module::Name<args>` with the struct tag at `level`, its arguments one below. */
  struct(level: number): StructTag {
    this.skipWhitespace();
    const start = this.pos;
    this.checkLevel(level, start);
    if (!this.text.startsWith('0x', start))
      this.fail(`expected a struct address (0x...), found ${this.describeHere()}`);
    let end = start + 2;
    while (end < this.text.length && hexDigitValue(this.text.charCodeAt(end)) >= 0) end += 1;
    if (end === start + 2 || end - start - 2 > 64) this.fail('struct address must have 1 to 64 hex digits', start);
    const address = formatAddress(parseAddress(this.text.slice(start, end)));
    this.pos = end;
    this.expect('::');
    const module = this.identifier('a module name');
    this.expect('::');
    const name = this.identifier('a struct name');
    const typeArgs: TypeTag[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x3c /* < */) {
      this.pos += 1;
      this.skipWhitespace();
      while (this.text.charCodeAt(this.pos) !== 0x3e /* > */) {
        typeArgs.push(this.type(level + 1));
        this.skipWhitespace();
        const next = this.text.charCodeAt(this.pos);
        if (next === 0x2c /* , */) {
          this.pos += 1;
          this.skipWhitespace();
        } else if (next !== 0x3e) {
          this.fail(`expected "," or ">", found ${this.describeHere()}`);
        }
      }
      this.pos += 1;
    }
    return { address, module, name, typeArgs };
  }

  finish(): void {
    this.skipWhitespace();
    if (this.pos !== this.text.length) this.fail(`unexpected ${this.describeHere()} after the type`);
  }
}

/**
 * Parses a type tag as the node's table-item and resource endpoints do (see the module comment
 * and MAX_TYPE_TAG_NESTING). Throws TypeTagError with the position of the problem.
 */
export function parseTypeTag(text: string): TypeTag {
  const parser = new Parser(text, MAX_TYPE_TAG_NESTING, undefined);
  const tag = parser.type(0);
  parser.finish();
  return tag;
}

/**
 * Parses a struct tag (resource type in a path). The node verifies it starting at the struct tag
 * itself (level 0), so its type arguments are at level 1.
 */
export function parseStructTag(text: string): StructTag {
  const parser = new Parser(text, MAX_TYPE_TAG_NESTING, undefined);
  parser.skipWhitespace();
  if (!text.startsWith('0x', parser.pos)) parser.fail(`expected a struct tag, found ${parser.describeHere()}`);
  const tag = parser.struct(0);
  parser.finish();
  return tag;
}

/**
 * Parses a field type from a module ABI (`0x1::coin::Coin<T0>`), replacing generic parameter
 * `Tn` by `typeParams[n]`. The API nesting limit does not apply to ABI text.
 */
export function parseAbiType(text: string, typeParams: readonly TypeTag[]): TypeTag {
  const parser = new Parser(text, ABI_NESTING_GUARD, typeParams);
  const tag = parser.type(0);
  parser.finish();
  return tag;
}
