import { describe, expect, it } from 'vitest';
import { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { ACTIVITY_LIST_ATTRIBUTES, TABLES } from '../../../functions/shared/tables';

/** Wire fields added after the indexes existed: DynamoDB cannot add to an index's projection in place. */
const NOT_IN_INDEXES = ['garmin_device'];

describe('the activities start-time index', () => {
  const index = TABLES.find((table) => table.id === 'activities')!.indexes.find((i) => i.name === 'gsi1')!;

  it('copies every field the list reads and the retention filter, so no listed activity comes back partial', () => {
    const listFields = Object.keys(UnifiedActivity.shape).filter((field) => !NOT_IN_INDEXES.includes(field));
    expect([...index.nonKeyAttributes!].sort()).toEqual([...listFields, 'fetchedAt'].sort());
  });

  it('never copies the raw provider record', () => {
    expect(ACTIVITY_LIST_ATTRIBUTES).not.toContain('raw_data');
  });
});
