import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { buttonStyles } from './button-styles';
import { FormMessage } from './form-message';

/**
 * What a screen shows when its data did not load: what went wrong and a "Try Again" button, except when the thing is
 * not there at all (404), where trying again cannot help. `children` go beside the button (e.g. a way back).
 */
export function LoadError({ error, onRetry, children }: { error: unknown; onRetry: () => void; children?: ReactNode }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="space-y-3">
      <FormMessage kind="error">{userMessage(error)}</FormMessage>
      <div className="flex flex-wrap gap-3">
        {!missing && (
          <button type="button" onClick={onRetry} className={buttonStyles.secondary}>
            Try Again
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
