import { EDGE_RATE_RULES, EDGE_RATE_WINDOW_SECONDS, ruleCounts, type EdgeRateRule } from '../constructs/edge-limits';

export type EdgeVerdict = { limited: false } | { limited: true; rule: string; retryAfterSeconds: number };

export interface EdgeRateLimiter {
  /** Counts the request against every rule it matches, in order, and says whether one of them refuses it. */
  check(sourceIp: string, path: string, nowMs: number): EdgeVerdict;
}

/**
 * What the WAF rate-based rules do on AWS, for the local host: per rule and client IP, the requests of the last
 * window (a sliding window, as WAF looks back from now); over the limit, the request is refused. A refused request
 * still counts, so a client that keeps flooding stays refused, as under WAF.
 */
export function createEdgeRateLimiter(
  rules: readonly EdgeRateRule[] = EDGE_RATE_RULES,
  windowSeconds = EDGE_RATE_WINDOW_SECONDS,
): EdgeRateLimiter {
  const windowMs = windowSeconds * 1000;
  const seen = new Map<string, number[]>();
  let lastSweep = 0;

  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < windowMs) return;
    lastSweep = nowMs;
    for (const [key, times] of seen) if (times.at(-1)! <= nowMs - windowMs) seen.delete(key);
  };

  return {
    check(sourceIp, path, nowMs) {
      sweep(nowMs);
      for (const rule of rules) {
        if (!ruleCounts(rule, path)) continue;
        const key = `${rule.name}\u0000${sourceIp}`;
        const times = seen.get(key) ?? [];
        let expired = 0;
        while (expired < times.length && times[expired]! <= nowMs - windowMs) expired++;
        times.splice(0, expired);
        times.push(nowMs);
        seen.set(key, times);
        // The whole window, as the WAF answer says: a refused request counts too, so sooner may be refused again.
        if (times.length > rule.limitPerWindow)
          return { limited: true, rule: rule.name, retryAfterSeconds: windowSeconds };
      }
      return { limited: false };
    },
  };
}
