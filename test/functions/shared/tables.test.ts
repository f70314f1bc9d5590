import { describe, expect, it } from 'vitest';
import { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { ACTIVITY_LIST_ATTRIBUTES, TABLES } from '../../../functions/shared/tables';

describe('the activities start-time index', () => {
  const index = TABLES.find((table) => table.id === 'activities')!.indexes.find((i) => i.name === 'gsi1')!;

  it('copies every field the list reads and the retention filter, so no listed activity comes back partial', () => {
    expect([...index.nonKeyAttributes!].sort()).toEqual([...Object.keys(UnifiedActivity.shape), 'fetchedAt'].sort());
  });

  it('never copies the raw provider record', () => {
    expect(ACTIVITY_LIST_ATTRIBUTES).not.toContain('raw_data');
  });
});
