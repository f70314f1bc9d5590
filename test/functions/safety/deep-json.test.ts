import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../../functions/lib/json-depth';
import { ROUTES } from '../../../functions/shared/routes';
import { snapshotDiff, snapshotTables, startApiUnderTest, type ApiUnderTest } from '../../local/fuzz/harness';

const LEVELS = 50_000;
/** Valid JSON, 50,000 arrays (and objects) inside one another: 100 kB-150 kB. */
const deepArrays = '['.repeat(LEVELS) + ']'.repeat(LEVELS);
const deepObjects = '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS);

/** A concrete path for a route template: every {param} becomes a plausible id. */
const concretePath = (template: string) =>
  template.replace(/\{[^}]+\}/g, (param) => (param === '{provider}' ? 'strava' : `p-${randomUUID()}`));

describe('request-body depth limit', () => {
  it('measures nesting without being fooled by brackets inside strings', () => {
    expect(jsonNestsDeeperThan(deepArrays)).toBe(true);
    expect(jsonNestsDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ note: '['.repeat(1000) + '\\"[[[' }))).toBe(false);
    expect(
      jsonNestsDeeperThan(
        JSON.stringify({ health_data: { data: { workouts: [{ heartRate: { avg: { qty: 1 } } }] } } }),
      ),
    ).toBe(false);
  });

  describe('every route in ROUTES', () => {
    let api: ApiUnderTest;
    const sub = `deep-${randomUUID()}`;

    beforeAll(async () => {
      api = await startApiUnderTest(ROUTES);
    });
    afterAll(() => api?.stop());

    for (const route of ROUTES) {
      it(`${route.method} ${route.path} answers 400 to a ${LEVELS}-level body and writes nothing`, async () => {
        const before = await snapshotTables();
        for (const body of [deepArrays, deepObjects]) {
          const response = await api.host({
            method: route.method,
            path: concretePath(route.path),
            rawQueryString: '',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.tokenFor(sub)}` },
            body: Buffer.from(body),
            sourceIp: '127.0.0.1',
          });
          expect(response.status, response.body.toString().slice(0, 300)).toBe(400);
          const error = (JSON.parse(response.body.toString()) as { error: { code: string; message: string } }).error;
          expect(error.code).toBe('body_too_deep');
        }
        expect(snapshotDiff(before, await snapshotTables())).toEqual([]);
      });
    }

    it('the Apple ingest refuses health_data sent as a deeply nested JSON text with a 400 and stores nothing', async () => {
      const token = await api.host({
        method: 'POST',
        path: '/api/apple/ingest-token',
        rawQueryString: '',
        headers: { authorization: `Bearer ${await api.tokenFor(sub)}` },
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      });
      expect(token.status).toBe(200);
      const ingestToken = (JSON.parse(token.body.toString()) as { token: string }).token;
      const before = await snapshotTables();
      for (const text of [deepArrays, '{"data":'.repeat(LEVELS) + '{"workouts":[]}' + '}'.repeat(LEVELS)]) {
        const response = await api.host({
          method: 'POST',
          path: '/api/apple/ingest',
          rawQueryString: '',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
          body: Buffer.from(JSON.stringify({ health_data: text })),
          sourceIp: '127.0.0.1',
        });
        expect(response.status, response.body.toString().slice(0, 300)).toBe(400);
      }
      // No data is stored. Two records move: the hourly request counter (each authenticated post counts toward the
      // 60/hour limit), and the connection's last-ingest summary, which says on the Apple card that a body was refused.
      const after = await snapshotTables();
      const changes = snapshotDiff(before, after).filter(
        (line) => !line.includes('"entity":"AppleIngestWindow"') && !line.includes('"entity":"HealthConnection"'),
      );
      expect(changes).toEqual([]);
      const connectionOf = (snapshot: Record<string, string[]>) => {
        const found = snapshot.connections!.map((item) => JSON.parse(item) as Record<string, unknown>);
        return found.find((item) => item.entity === 'HealthConnection' && String(item.pk).includes(sub))!;
      };
      const { last_ingest: summary, ...connectionAfter } = connectionOf(after);
      const { last_ingest: _none, ...connectionBefore } = connectionOf(before);
      expect(connectionAfter).toEqual(connectionBefore);
      expect(summary).toMatchObject({ refused: expect.any(String), accepted: { workouts: 0, stepDays: 0 } });
    });
  });
});
