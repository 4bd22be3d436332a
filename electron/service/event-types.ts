/**
 * The parsed type tag of a stored event, shared by the JSON and BCS renderings of the event
 * endpoints. A page repeats the same few types, so parses are cached by text. A stored tag that
 * does not parse is stored data that does not decode: 500 `internal_error`.
 */
import { parseTypeTag, type TypeTag } from '../../shared/type-tag.ts';
import { describeError, internalError } from './http-errors.ts';
import { quoteInput } from '../../shared/quote-input.ts';

const CACHE_LIMIT = 1024;
const eventTypes = new Map<string, TypeTag>();

/** The type tag of a stored event's type text (cached). */
export function storedEventType(text: string): TypeTag {
  let tag = eventTypes.get(text);
  if (!tag) {
    try {
      tag = parseTypeTag(text);
    } catch (error) {
      throw internalError(`Failed to decode event type ${quoteInput(text)}: ${describeError(error)}`);
    }
    if (eventTypes.size >= CACHE_LIMIT) eventTypes.clear();
    eventTypes.set(text, tag);
  }
  return tag;
}
