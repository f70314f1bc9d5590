import { describe, expect, it } from 'vitest';
import { ElementSkipper, LONGEST_SKIPPED_ELEMENT } from '@/features/file-import/parsers/xml-skip';

const RULE = { name: 'Record', unlessTagHas: 'StepCount' };

/** What the parser is given for a root's content arriving in the chunks given, and whether anything was passed over. */
function keptText(chunks: string[]): { kept: string; skipped: boolean } {
  const skipper = new ElementSkipper('HealthData', RULE);
  let kept = '';
  let skipped = false;
  for (const chunk of chunks) {
    const next = skipper.next(chunk);
    kept += next.kept;
    skipped ||= next.skipped;
  }
  return { kept: kept + skipper.rest(), skipped };
}

/** The text cut in two at every place, each giving the same as the whole text. */
function everySplitOf(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
}

const STEP = '<Record type="HKQuantityTypeIdentifierStepCount" value="812"/>';
const HEART = '<Record type="HKQuantityTypeIdentifierHeartRate" value="70"/>';
const HEART_WITH_METADATA = `<Record type="HKQuantityTypeIdentifierHeartRate" value="70">
  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
  <HeartRateVariabilityMetadataList>
   <InstantaneousBeatsPerMinute bpm="61" time="7:10:01.11 PM"/>
  </HeartRateVariabilityMetadataList>
 </Record >`;
const WORKOUT = `<Workout workoutActivityType="HKWorkoutActivityTypeHiking" duration="95.5">
  <MetadataEntry key="HKElevationAscended" value="41000 cm"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" sum="7.2" unit="km"/>
 </Workout>`;

describe('passing over the elements an import does not read', () => {
  it('takes out unread records with their children, and keeps step records, workouts and the text between', () => {
    const content = `\n ${HEART}\n ${STEP}\n ${HEART_WITH_METADATA}\n ${WORKOUT}\n ${HEART}\n`;
    const expected = `\n \n ${STEP}\n \n ${WORKOUT}\n \n`;
    for (const chunks of [[content], ...everySplitOf(content)]) {
      expect(keptText(chunks)).toEqual({ kept: expected, skipped: true });
    }
  });

  it('keeps a record the rule keeps however its start tag is written', () => {
    const content = `<Record value='3' type='HKQuantityTypeIdentifierStepCount'/><Record\ttype="StepCount">text</Record>`;
    expect(keptText([content])).toEqual({ kept: content, skipped: false });
  });

  it('finds a start tag’s end outside quoted values, where a raw > may stand', () => {
    const content = `<Record type="a>b" note='c>d' value="1"/><Record type="e>f">x > y</Record>${STEP}`;
    for (const chunks of [[content], ...everySplitOf(content)]) {
      expect(keptText(chunks)).toEqual({ kept: STEP, skipped: true });
    }
  });

  it('leaves to the parser a record holding a comment, CDATA, a processing instruction or a record of its own', () => {
    for (const inside of ['<!-- </Record> -->', '<![CDATA[</Record>]]>', '<?pi </Record>?>', HEART]) {
      const record = `<Record type="HKQuantityTypeIdentifierHeartRate">${inside}</Record>`;
      const kept = keptText([`${record}${HEART}`]).kept;
      // The outer record goes to the parser; a record inside it is judged on its own.
      expect(kept).toBe(record.replace(HEART, ''));
    }
  });

  it('passes comments, CDATA and processing instructions between records to the parser, with what looks like tags in them', () => {
    const content = `<!-- ${HEART} --><![CDATA[${HEART}]]><?note ${HEART}?>${HEART}`;
    for (const chunks of [[content], ...everySplitOf(content)]) {
      expect(keptText(chunks).kept).toBe(content.slice(0, -HEART.length));
    }
  });

  it('passes everything after the root’s close tag to the parser untouched', () => {
    const content = `${HEART}</HealthData>\n${HEART}<!-- after -->`;
    for (const chunks of [[content], ...everySplitOf(content)]) {
      expect(keptText(chunks).kept).toBe(`</HealthData>\n${HEART}<!-- after -->`);
    }
  });

  it('holds an unfinished tag or record until its end arrives, and gives it to the parser as it is at the end', () => {
    const skipper = new ElementSkipper('HealthData', RULE);
    expect(skipper.next(` ${HEART_WITH_METADATA.slice(0, 90)}`)).toEqual({ kept: ' ', skipped: false });
    expect(skipper.held).toBe(90);
    expect(skipper.rest()).toBe(HEART_WITH_METADATA.slice(0, 90));
    expect(skipper.held).toBe(0);
  });

  it('gives the parser an element too long to hold, rather than holding it', () => {
    const children = '<MetadataEntry key="k" value="v"/>'.repeat(LONGEST_SKIPPED_ELEMENT / 32);
    const record = `<Record type="HKQuantityTypeIdentifierHeartRate">${children}</Record>`;
    const skipper = new ElementSkipper('HealthData', RULE);
    const open = record.slice(0, -'</Record>'.length);
    // A short record is held until its end arrives…
    expect(skipper.next(HEART_WITH_METADATA.slice(0, -10))).toEqual({ kept: '', skipped: false });
    expect(skipper.held).toBe(HEART_WITH_METADATA.length - 10);
    expect(skipper.next(HEART_WITH_METADATA.slice(-10))).toEqual({ kept: '', skipped: true });
    // …a long one goes to the parser as it comes.
    expect(skipper.next(open)).toEqual({ kept: open, skipped: false });
    expect(skipper.held).toBe(0);
    expect(skipper.next('</Record>').kept).toBe('</Record>');
  });

  it('offers a self-closing tag holding the mark to takeTag, which takes it from the parser when it reads it', () => {
    const offered: string[] = [];
    const skipper = new ElementSkipper('HealthData', {
      ...RULE,
      takeTag: (tag) => (offered.push(tag), !tag.includes('keep')),
    });
    const kept = `<Record type="StepCount" note="keep"/><Record type="StepCount">1</Record>`;
    const content = ` ${STEP}${HEART}${kept}\n`;
    let given = '';
    for (let at = 0; at < content.length; at += 7) given += skipper.next(content.slice(at, at + 7)).kept;
    expect(given + skipper.rest()).toBe(` ${kept}\n`);
    expect(offered).toEqual([STEP, '<Record type="StepCount" note="keep"/>']);
  });
});
