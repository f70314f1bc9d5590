/**
 * Spec core-app §2: the athlete's first name when a provider is connected; otherwise the first
 * word of the (demo) user's name; otherwise the part of the email before the @ sign.
 */
export function greetingName({ athleteFirstName, userName, email }: { athleteFirstName?: string; userName?: string; email: string }): string {
  const athlete = athleteFirstName?.trim();
  if (athlete) return athlete;
  const firstWord = userName?.trim().split(/\s+/)[0];
  if (firstWord) return firstWord;
  return email.split('@')[0] || email;
}
