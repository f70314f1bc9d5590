/**
 * The attributes of one self-closing start tag (`<Name a="1" b='2'/>`) written in the plain form an export writes, or
 * null for any other form, which the caller then leaves to the XML parser: so nothing malformed is ever accepted here,
 * and everything rarer (character references, other entities, non-ASCII names, tabs or line breaks in a value, which
 * XML would normalise) is read by the parser with its full checks.
 *
 * The plain form is well-formed by XML 1.0 (w3.org/TR/xml, read 2026-11-29): §3.1 STag/EmptyElemTag (whitespace
 * before each attribute, `S? '=' S?`, no repeated attribute), §2.3 AttValue (no `<`, `&` only in a reference, the
 * quote not repeated inside), §2.2 Char (no control characters, U+FFFE, U+FFFF), §4.6 (the five predefined entities).
 */
const ATTRIBUTE =
  // Control characters are what the value must not hold (§2.2), hence in the negated classes.
  // eslint-disable-next-line no-control-regex
  /[ \t\r\n]+([A-Za-z_][A-Za-z0-9_.-]*)[ \t\r\n]*=[ \t\r\n]*(?:"([^"<&\x00-\x1f\ufffe\uffff]*(?:&(?:amp|lt|gt|quot|apos);[^"<&\x00-\x1f\ufffe\uffff]*)*)"|'([^'<&\x00-\x1f\ufffe\uffff]*(?:&(?:amp|lt|gt|quot|apos);[^'<&\x00-\x1f\ufffe\uffff]*)*)')/y;
const TAG_CLOSE = /[ \t\r\n]*\/>$/y;

const PREDEFINED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const REFERENCE = /&(?:amp|lt|gt|quot|apos);/g;
const unescaped = (value: string): string =>
  value.includes('&') ? value.replace(REFERENCE, (reference) => PREDEFINED[reference]!) : value;

/**
 * `tag` is the whole tag from `<` to `/>` and `name` its element name, already checked by the caller. Only the
 * attributes in `wanted` are returned (all are still checked): a step record has nine, and building each into an
 * object cost as much as the rest of the read.
 */
export function plainEmptyTagAttributes(
  tag: string,
  name: string,
  wanted: readonly string[],
): Record<string, string> | null {
  if (!tag.startsWith(name, 1)) return null;
  const attributes: Record<string, string> = {};
  seen.length = 0;
  let at = 1 + name.length;
  for (;;) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(tag);
    if (!match) break;
    const attribute = match[1]!;
    if (seen.includes(attribute)) return null;
    seen.push(attribute);
    if (wanted.includes(attribute)) attributes[attribute] = unescaped(match[2] ?? match[3]!);
    at = ATTRIBUTE.lastIndex;
  }
  TAG_CLOSE.lastIndex = at;
  return TAG_CLOSE.test(tag) ? attributes : null;
}

/** The names met so far in the tag being read, reused from tag to tag (a tag is read in one go). */
const seen: string[] = [];
