/**
 * Reading the Cognito groups claim: every handler does (functions/lib/http.ts), so it lives here rather than with the
 * moderation rules, which only the safety routes load.
 */

/**
 * The groups in a verified `cognito:groups` claim. The local authorizer passes the JWT's array as is;
 * API Gateway's JWT authorizer flattens an array claim to the text `[a b]`; accept both, nothing else.
 */
export function groupsFromClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string');
  if (typeof claim !== 'string') return [];
  const text = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return text
    .split(/[\s,]+/)
    .map((group) => group.replace(/^"|"$/g, ''))
    .filter((group) => group !== '');
}
