import { describe, expect, it } from 'vitest';
import { plainEmptyTagAttributes } from '@/features/file-import/parsers/xml-tag';

const WANTED = ['type', 'sourceName', 'value'];

describe('reading a plain self-closing tag without the XML parser', () => {
  it('reads the wanted attributes, with the predefined entities and a raw > in their values', () => {
    const tag = `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Pat &amp; Sam&apos;s &lt;iPhone&gt;" device="&lt;&lt;HKDevice: 0x283&gt;&gt;" note='say "hi" > 1'\n value = "812" />`;
    expect(plainEmptyTagAttributes(tag, 'Record', WANTED)).toEqual({
      type: 'HKQuantityTypeIdentifierStepCount',
      sourceName: "Pat & Sam's <iPhone>",
      value: '812',
    });
    expect(plainEmptyTagAttributes('<Record/>', 'Record', WANTED)).toEqual({});
  });

  it.each([
    ['a repeated attribute', '<Record value="1" type="x" value="2"/>'],
    ['a repeated attribute it does not return', '<Record unit="count" value="1" unit="count"/>'],
    ['no space between attributes', '<Record type="x"value="1"/>'],
    ['a space inside the tag’s end', '<Record value="1"/ >'],
    ['no tag end', '<Record value="1">'],
    ['an unquoted value', '<Record value=1/>'],
    ['a < in a value', '<Record value="a<b"/>'],
    ['a bare &', '<Record sourceName="Pat & Sam"/>'],
    ['another entity', '<Record sourceName="Pat&nbsp;Sam"/>'],
    ['a character reference', '<Record sourceName="Pat &#38; Sam"/>'],
    ['a control character', '<Record value="1\u0001"/>'],
    ['a line break a parser would normalise', '<Record value="1\n2"/>'],
    ['a namespaced name', '<Record hk:value="1"/>'],
    ['another element', '<Records value="1"/>'],
  ])('leaves to the XML parser %s', (_, tag) => {
    expect(plainEmptyTagAttributes(tag, 'Record', WANTED)).toBeNull();
  });
});
