import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface EmulatorUser {
  Attributes: { Name: string; Value: string }[];
  ConfirmationCode?: string;
}

/** The Cognito emulator's "mailbox": the confirmation code it would have emailed to `email`. */
export async function confirmationCodeFor(
  dataDir: string,
  userPoolId: string,
  email: string,
  // Other browser suites sign up at the same time and the emulator rewrites this one file for each of them.
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const db = JSON.parse(readFileSync(join(dataDir, '.cognito', 'db', `${userPoolId}.json`), 'utf8')) as {
        Users?: Record<string, EmulatorUser>;
      };
      const user = Object.values(db.Users ?? {}).find((u) =>
        u.Attributes.some((a) => a.Name === 'email' && a.Value === email),
      );
      if (user?.ConfirmationCode) return user.ConfirmationCode;
    } catch {
      // the emulator may be mid-write; try again
    }
    if (Date.now() > deadline) throw new Error(`No confirmation code was sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
