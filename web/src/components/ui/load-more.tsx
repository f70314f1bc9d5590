import type { MoreState } from '@/lib/server-query';
import { userMessage } from '@/lib/error-messages';
import { buttonStyles } from './button-styles';
import { FormMessage } from './form-message';

/** The end of a cursor list: why the last page did not load, and the button for the next while there is one. */
export function LoadMore({
  more,
  nextCursor,
  onLoadMore,
  label = 'Load more',
  failure,
}: {
  more: MoreState;
  nextCursor: string | null;
  onLoadMore: () => void;
  label?: string;
  /** What to say when a page fails; the error's own message otherwise. */
  failure?: string;
}) {
  return (
    <>
      {more.status === 'error' && <FormMessage kind="error">{failure ?? userMessage(more.error)}</FormMessage>}
      {nextCursor && (
        <div className="flex justify-center">
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={onLoadMore}
            disabled={more.status === 'loading'}
          >
            {more.status === 'loading' ? 'Loading...' : label}
          </button>
        </div>
      )}
    </>
  );
}
