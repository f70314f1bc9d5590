/**
 * Which elements the XML parser need not see: each `name` element whose start tag does not hold `unlessTagHas`. A
 * `name` element that holds it and is one self-closing tag is offered to `takeTag` (the whole tag, `<` to `>`): when
 * it returns true it has read the element itself and the parser does not see it either.
 */
export interface SkipRule {
  name: string;
  unlessTagHas: string;
  takeTag?: (tag: string) => boolean;
}

// A start tag's end: the first `>` outside quoted attribute values (XML allows a raw `>` inside one).
const START_TAG_END = /[^"'>]*(?:"[^"]*"[^"'>]*|'[^']*'[^"'>]*)*>/y;
const SPACE_THEN_GT = /\s*>/y;
/**
 * A passed-over element is held until its close tag arrives; one longer than this (none in a real export) goes to the
 * parser instead, so what is held stays small and a long element is never mistaken for a file without tags.
 */
export const LONGEST_SKIPPED_ELEMENT = 64 * 1024;
/** The text ends before what is being looked for: wait for the next chunk. */
const NEEDS_MORE = -1;
/** The element holds something that is not plain elements and text: the parser reads it whole. */
const KEEP = -2;

const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const GT = 0x3e;

/** Whether the element name `name` is written at `at` (followed by a space, `/` or `>`), or NEEDS_MORE. */
function nameAt(text: string, at: number, name: string): boolean | typeof NEEDS_MORE {
  const next = text.charCodeAt(at + name.length);
  if (Number.isNaN(next)) return name.startsWith(text.slice(at)) ? NEEDS_MORE : false;
  if (!text.startsWith(name, at)) return false;
  return next === SLASH || next === GT || next === 0x20 || next === 0x0a || next === 0x0d || next === 0x09;
}

/** What follows the markup at a `<`: where to look for the next one, and whether the markup was passed over. */
interface Step {
  end: number;
  skipped: boolean;
}
const read = (end: number): Step => ({ end, skipped: false });
const passedOver = (end: number): Step => ({ end, skipped: true });

/**
 * Takes out of the root element's content the elements a rule names, found with plain string searches, so the XML
 * parser spends its time only on the elements that are read. Everything else (text, comments, CDATA, processing
 * instructions, every other element with all its content) passes through unchanged and in order, so the parser still
 * checks it. An element is passed over only when its content holds nothing but text and elements of other names (no
 * comment, CDATA or processing instruction, no element of its own name); otherwise it is kept and the parser reads it
 * whole. The text given must start in the root's content, between tags, and once the root's close tag appears the rest
 * passes through untouched.
 *
 * Plain string searches find every tag because XML allows a raw `<` only where markup starts or inside a comment,
 * processing instruction or CDATA section (never in text or an attribute value), while a raw `>` may stand anywhere,
 * so a start tag's end is found outside quotes (XML 1.0 §2.4 and AttValue in §2.3, w3.org/TR/xml, read 2026-11-29).
 */
export class ElementSkipper {
  /** Text from the start of a tag or passed-over element whose end has not arrived yet. */
  private pending = '';
  private passingThrough = false;
  /** See markAt: an index into the text of the current `next` call. */
  private nextMark = -1;

  constructor(
    private readonly root: string,
    private readonly rule: SkipRule,
  ) {}

  /** Characters held while waiting for the end of a tag or of a passed-over element. */
  get held(): number {
    return this.pending.length;
  }

  /** The text to give the parser for this chunk, and whether an element was passed over in it. */
  next(chunk: string): { kept: string; skipped: boolean } {
    if (this.passingThrough) return { kept: chunk, skipped: false };
    const text = this.pending + chunk;
    this.nextMark = -1;
    const kept: string[] = [];
    let keptFrom = 0;
    let at = 0;
    let skipped = false;
    for (;;) {
      const lt = text.indexOf('<', at);
      if (lt === -1) {
        at = text.length;
        break;
      }
      const step = this.past(text, lt);
      if (step === null) {
        at = lt;
        break;
      }
      if (this.passingThrough) {
        at = text.length;
        break;
      }
      if (step.skipped) {
        kept.push(text.slice(keptFrom, lt));
        keptFrom = step.end;
        skipped = true;
      }
      at = step.end;
    }
    kept.push(text.slice(keptFrom, at));
    this.pending = text.slice(at);
    return { kept: kept.join(''), skipped };
  }

  /** What is still held at the end of the text; the parser gets it as it is (and reports it as cut off). */
  rest(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  /**
   * Where `rule.unlessTagHas` is next written at or after `from` (Infinity when nowhere). The place found is kept, so
   * however far apart the marks are, the text is searched for them once.
   */
  private markAt(text: string, from: number): number {
    if (this.nextMark < from) {
      const found = text.indexOf(this.rule.unlessTagHas, from);
      this.nextMark = found === -1 ? Infinity : found;
    }
    return this.nextMark;
  }

  /** What follows the markup at `lt`, or null when the text ends before it can be told. */
  private past(text: string, lt: number): Step | null {
    const after = text.charCodeAt(lt + 1);
    if (Number.isNaN(after)) return null;
    if (after === SLASH) {
      const isRoot = nameAt(text, lt + 2, this.root);
      if (isRoot === NEEDS_MORE) return null;
      if (isRoot) this.passingThrough = true;
      return read(lt + 2);
    }
    if (after === BANG || after === QUESTION) {
      const end = endOfSpecial(text, lt);
      return end === NEEDS_MORE ? null : read(end);
    }
    // Any other element's content is looked through for tags of its own: only the start tag of a `rule.name`
    // element is read to its end.
    const named = nameAt(text, lt + 1, this.rule.name);
    if (named !== true) return named === NEEDS_MORE ? null : read(lt + 1);
    const { takeTag } = this.rule;
    // The first `>` is at or before the tag's end: a mark found before it is in the tag.
    if (!takeTag && this.markAt(text, lt) < text.indexOf('>', lt)) return read(lt + 1);
    START_TAG_END.lastIndex = lt + 1;
    if (!START_TAG_END.test(text)) return null;
    const tagEnd = START_TAG_END.lastIndex;
    if (this.markAt(text, lt) < tagEnd) {
      const taken = text.charCodeAt(tagEnd - 2) === SLASH && takeTag?.(text.slice(lt, tagEnd));
      return taken ? passedOver(tagEnd) : read(tagEnd);
    }
    if (text.charCodeAt(tagEnd - 2) === SLASH) return passedOver(tagEnd);
    const end = endOfPlainElement(text, this.rule.name, tagEnd);
    if (end === NEEDS_MORE) return text.length - lt > LONGEST_SKIPPED_ELEMENT ? read(tagEnd) : null;
    return end === KEEP ? read(tagEnd) : passedOver(end);
  }
}

/** Just past the comment, CDATA section, processing instruction or declaration at `lt`. */
function endOfSpecial(text: string, lt: number): number {
  if (text.length - lt < '<![CDATA['.length) return NEEDS_MORE;
  const close = text.startsWith('<!--', lt)
    ? '-->'
    : text.startsWith('<![CDATA[', lt)
      ? ']]>'
      : text.charCodeAt(lt + 1) === QUESTION
        ? '?>'
        : '>';
  const found = text.indexOf(close, lt + 2);
  return found === -1 ? NEEDS_MORE : found + close.length;
}

/** Just past the close tag of the element `name` whose content starts at `from`, or KEEP (see above). */
function endOfPlainElement(text: string, name: string, from: number): number {
  for (let lt = text.indexOf('<', from); lt !== -1; lt = text.indexOf('<', lt + 1)) {
    const after = text.charCodeAt(lt + 1);
    if (Number.isNaN(after)) return NEEDS_MORE;
    if (after === BANG || after === QUESTION) return KEEP;
    const closing = after === SLASH;
    const named = nameAt(text, closing ? lt + 2 : lt + 1, name);
    if (named === NEEDS_MORE) return NEEDS_MORE;
    if (!named) continue;
    if (!closing) return KEEP;
    SPACE_THEN_GT.lastIndex = lt + 2 + name.length;
    if (SPACE_THEN_GT.test(text)) return SPACE_THEN_GT.lastIndex;
    return text.indexOf('>', lt) === -1 ? NEEDS_MORE : KEEP;
  }
  return NEEDS_MORE;
}
