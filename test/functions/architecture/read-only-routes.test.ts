import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES, tableAccessOf, type RouteDefinition } from '../../../functions/shared/routes';

/** A route that only reads: every table it declares is 'read' and it calls no Cognito admin action. */
function onlyReads(route: RouteDefinition): boolean {
  const modes = Object.values(route.access ?? {}).map((declared) => tableAccessOf(declared).mode);
  return route.access !== undefined && modes.every((mode) => mode === 'read') && !route.userPoolActions?.length;
}

/** Whether the route's handler passes `readsOnly: true` to httpRoute (each entry builds exactly one route). */
function declaresReadsOnly(route: RouteDefinition): boolean {
  return /httpRoute\(\s*\{[^}]*\breadsOnly: true\b/.test(readFileSync(route.entry, 'utf8'));
}

// functions/lib/http.ts runs the deleted-account check beside a `readsOnly` use case instead of before it; that is
// only safe when the use case cannot write, which the route's declared (and, on AWS, granted) access guarantees.
describe('readsOnly routes (the deleted-account check beside the use case)', () => {
  it.each(ROUTES.filter((route) => !route.public).map((route) => [route.id, route] as const))(
    '%s declares readsOnly exactly when its declared access only reads',
    (_id, route) => {
      expect(declaresReadsOnly(route)).toBe(onlyReads(route));
    },
  );

  it('public routes (no caller, no check) never declare it', () => {
    expect(ROUTES.filter((route) => route.public && declaresReadsOnly(route)).map((route) => route.id)).toEqual([]);
  });

  it('covers the list routes that must stay fast', () => {
    const readOnly = ROUTES.filter(declaresReadsOnly).map((route) => route.id);
    expect(readOnly).toEqual(expect.arrayContaining(['get-activities', 'get-partners', 'get-notifications']));
  });
});
