/**
 * Who the dashboard greets: the first word of the display name the user chose in their profile; else (spec core-app §2) the athlete's
 * first name when a provider is connected; else the first word of the (demo) user's name; else the part of the
 * email before the @ sign. The sign-in name of a Cognito user is its id (e.g. 'user2179…'), never a greeting.
 */
export function greetingName({
  displayName,
  athleteFirstName,
  userName,
  email,
}: {
  displayName?: string | null;
  athleteFirstName?: string;
  userName?: string;
  email: string;
}): string {
  const chosen = displayName?.trim().split(/\s+/)[0];
  if (chosen) return chosen;
  const athlete = athleteFirstName?.trim();
  if (athlete) return athlete;
  const firstWord = userName?.trim().split(/\s+/)[0];
  if (firstWord) return firstWord;
  return email.split('@')[0] || email;
}
