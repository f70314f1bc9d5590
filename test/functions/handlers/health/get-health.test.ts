import { afterEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/health/get-health';
import { HealthResponse } from '../../../../functions/shared/schemas/health';
import { TABLE_IDS } from '../../../../functions/shared/tables';
import { invoke } from '../../../support/api-events';

const route = { id: 'get-health', method: 'GET', path: '/api/health' } as const;

describe('GET /api/health', () => {
  const saved = process.env.TABLE_SOCIAL;
  afterEach(() => {
    process.env.TABLE_SOCIAL = saved;
  });

  it('reports every table reachable against DynamoDB Local', async () => {
    const res = await invoke(handler, route);
    expect(res.status).toBe(200);
    const body = HealthResponse.parse(res.json);
    expect(body.status).toBe('ok');
    expect(body.tables.map((t) => t.table).sort()).toEqual([...TABLE_IDS].sort());
    expect(body.tables.every((t) => t.reachable)).toBe(true);
  });

  it('reports a missing table as unreachable and the whole as degraded', async () => {
    process.env.TABLE_SOCIAL = 'no-such-table';
    const body = HealthResponse.parse((await invoke(handler, route)).json);
    expect(body.status).toBe('degraded');
    const social = body.tables.find((t) => t.table === 'social');
    expect(social).toMatchObject({ reachable: false, error: 'ResourceNotFoundException' });
    expect(body.tables.filter((t) => t.table !== 'social').every((t) => t.reachable)).toBe(true);
  });
});
