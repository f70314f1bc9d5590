import { useState, type ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import {
  APPLE_SETUP_STEPS,
  initialAppleSetupStep,
  readAppleShortcutFlags,
  writeAppleShortcutFlags,
  type AppleSetupStep,
  type AppleShortcutFlags,
} from '@/features/connections/utils/apple-shortcut-setup';
import { AppleIngestCredentialsPanel, type AppleIngestCredentials } from './apple-ingest-credentials';
import { AppleSetupInstructions } from './apple-setup-instructions';
import { Modal } from '@/components/ui/modal';

/** Spec health-connections §9: the Shortcut test gives up after 10 s. */
export const APPLE_TEST_TIMEOUT_MS = 10_000;

/** Step 2 issues the token the Shortcut (or Health Auto Export) sends; there is no shortcut to install unless one is published. */
export const GET_TOKEN_LABEL = 'Get my ingest token';

export const INSTALL_FAILED_MESSAGE = 'Failed to open shortcut installation. Please try again.';

const STEP_NAMES: Record<AppleSetupStep, string> = {
  1: 'Welcome',
  2: 'Install Shortcut',
  3: 'Grant Permissions',
  4: 'Test Connection',
};

export const APPLE_PERMISSIONS = [
  'Workouts & Activities',
  'Steps & Distance',
  'Heart Rate',
  'Active Calories',
] as const;

class TestTimeoutError extends Error {}

/** Spec §8 test failures, from what went wrong while checking the ingest endpoint. */
export function appleTestFailureMessage(error: unknown): string {
  if (error instanceof TestTimeoutError) return 'Test timed out. The shortcut may not be installed.';
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Shortcut did not respond. Please ensure it is installed correctly.';
    if (error.status === 401 || error.status === 403) {
      return 'Connection test failed: the ingest token was not accepted. Issue a new token and paste it into the Shortcut.';
    }
    return `Connection test failed: ${error.message}`;
  }
  return 'Connection test failed. Please try again.';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TestTimeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type TestState =
  { status: 'idle' } | { status: 'testing' } | { status: 'verified' } | { status: 'failed'; message: string };

interface AppleHealthSetupDialogProps {
  /** The ingest token issued on this screen, if any (it cannot be read back from the server). */
  credentials: AppleIngestCredentials | null;
  /** Connects Apple Health and issues a new ingest token (revoking any earlier one). */
  onIssueToken(): Promise<AppleIngestCredentials>;
  /** Closes the dialog without finishing. */
  onClose(): void;
  /** 'Complete Setup' or 'Skip setup and try connecting anyway': the connection is in place. */
  onFinished(): void;
  storage?: Storage;
}

/** Spec health-connections §2: the four-step Apple Health Shortcut setup, with a progress bar. */
export function AppleHealthSetupDialog({
  credentials,
  onIssueToken,
  onClose,
  onFinished,
  storage = window.localStorage,
}: AppleHealthSetupDialogProps) {
  const client = useApiClient();
  const [flags, setFlags] = useState<AppleShortcutFlags>(() => readAppleShortcutFlags(storage));
  const [step, setStep] = useState<AppleSetupStep>(() => initialAppleSetupStep(flags));
  const [issuing, setIssuing] = useState(false);
  const [issueError, setIssueError] = useState<string | null>(null);
  const [test, setTest] = useState<TestState>({ status: 'idle' });

  const updateFlags = (change: Partial<AppleShortcutFlags>) => {
    const next = { ...flags, ...change };
    setFlags(next);
    writeAppleShortcutFlags(next, storage);
  };

  const issue = async (failureMessage: string): Promise<AppleIngestCredentials | null> => {
    setIssueError(null);
    setIssuing(true);
    try {
      return await onIssueToken();
    } catch {
      setIssueError(failureMessage);
      return null;
    } finally {
      setIssuing(false);
    }
  };

  const runTest = async () => {
    setTest({ status: 'testing' });
    try {
      const current = credentials ?? (await onIssueToken());
      await withTimeout(client.testAppleIngest(current.ingestUrl, current.token), APPLE_TEST_TIMEOUT_MS);
      updateFlags({ tested: true });
      setTest({ status: 'verified' });
    } catch (error) {
      setTest({ status: 'failed', message: appleTestFailureMessage(error) });
    }
  };

  const skip = async () => {
    if (credentials || (await issue('Apple Health connection failed'))) onFinished();
  };

  return (
    <Modal title="Connect Apple Health" onClose={onClose}>
      <div className="mt-3 space-y-1">
        <p className="text-sm text-slate-600">
          Step {step} of {APPLE_SETUP_STEPS}: {STEP_NAMES[step]}
        </p>
        <div
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={1}
          aria-valuemax={APPLE_SETUP_STEPS}
          aria-valuenow={step}
          aria-valuetext={`Step ${step} of ${APPLE_SETUP_STEPS}`}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-all"
            style={{ width: `${(step / APPLE_SETUP_STEPS) * 100}%` }}
          />
        </div>
      </div>

      <div className="mt-5 space-y-4">
        <h3 className="font-semibold text-slate-900">{STEP_NAMES[step]}</h3>

        {step === 1 && (
          <>
            <p className="text-slate-700">
              There is no web access to Apple Health, so TrailBuddy uses an iOS Shortcut (or the Health Auto Export
              app): it reads your recent workouts and steps and sends them to your account with a personal ingest token.
              Setup takes about five minutes.
            </p>
            <StepButtons>
              <button type="button" onClick={onClose} className={buttonStyles.secondary}>
                Cancel
              </button>
              <button type="button" onClick={() => setStep(2)} className={buttonStyles.primary}>
                Get Started
              </button>
            </StepButtons>
          </>
        )}

        {step === 2 && (
          <>
            <p className="text-slate-700">
              Your iPhone sends Apple Health data to TrailBuddy with your personal ingest token. Get the token, then set
              up the TrailBuddy Shortcut (or the Health Auto Export app) with the values below.
            </p>
            {credentials ? (
              <AppleIngestCredentialsPanel credentials={credentials} />
            ) : (
              <button
                type="button"
                onClick={() => void issue(INSTALL_FAILED_MESSAGE)}
                disabled={issuing}
                aria-busy={issuing}
                className={buttonStyles.primary}
              >
                {issuing ? 'Getting your token...' : GET_TOKEN_LABEL}
              </button>
            )}
            {issueError && <FormMessage kind="error">{issueError}</FormMessage>}
            <AppleSetupInstructions credentials={credentials} />
            <StepButtons>
              <button type="button" onClick={() => setStep(1)} className={buttonStyles.secondary}>
                Back
              </button>
              <button
                type="button"
                onClick={() => {
                  updateFlags({ installed: true });
                  setStep(3);
                }}
                className={buttonStyles.primary}
              >
                I've installed it
              </button>
            </StepButtons>
          </>
        )}

        {step === 3 && (
          <>
            <p className="text-slate-700">When the Shortcut first runs, allow it to read these from Apple Health:</p>
            <ul className="list-disc space-y-1 pl-5 text-slate-800">
              {APPLE_PERMISSIONS.map((permission) => (
                <li key={permission}>{permission}</li>
              ))}
            </ul>
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
              Privacy: your health data is shown only to you, raw records are deleted after 7 days, and nothing is used
              for AI training. You can change these permissions at any time in the Health app.
            </p>
            <StepButtons>
              <button type="button" onClick={() => setStep(2)} className={buttonStyles.secondary}>
                Back
              </button>
              <button
                type="button"
                onClick={() => {
                  updateFlags({ permissionsGranted: true });
                  setStep(4);
                }}
                className={buttonStyles.primary}
              >
                Continue
              </button>
            </StepButtons>
          </>
        )}

        {step === 4 && (
          <>
            <p className="text-slate-700">Check that TrailBuddy accepts data sent with your ingest token.</p>
            {!credentials && (
              <p className="text-sm text-slate-600">
                Your earlier token is not shown again, so testing issues a new one. Paste it into the Shortcut: the
                earlier token stops working.
              </p>
            )}
            {credentials && <AppleIngestCredentialsPanel credentials={credentials} />}
            {test.status === 'testing' && <Spinner label="Testing connection..." showLabel />}
            {test.status === 'verified' && (
              <p role="status" className="flex items-center gap-2 font-semibold text-brand-800">
                <span aria-hidden="true">✓</span> Connection Verified
              </p>
            )}
            {test.status === 'failed' && <FormMessage kind="error">{test.message}</FormMessage>}
            {issueError && <FormMessage kind="error">{issueError}</FormMessage>}
            <StepButtons>
              {test.status === 'verified' ? (
                <button type="button" onClick={onFinished} className={buttonStyles.primary}>
                  Complete Setup
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => void runTest()}
                  disabled={test.status === 'testing'}
                  className={buttonStyles.primary}
                >
                  Test Connection
                </button>
              )}
            </StepButtons>
            {test.status !== 'verified' && (
              <button
                type="button"
                onClick={() => void skip()}
                disabled={issuing || test.status === 'testing'}
                className="text-sm font-medium text-brand-800 underline"
              >
                Skip setup and try connecting anyway
              </button>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

function StepButtons({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">{children}</div>;
}
