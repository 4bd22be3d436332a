/**
 * The three states every panel shows besides its data: loading, empty, and error. An error
 * always shows the service's message and `error_code` (never a blank panel).
 */
import type { ReactNode } from 'react';
import { ApiRequestError } from '../api/client.ts';
import './components.css';

/** A loading placeholder with an accessible status. */
export function LoadingView({ label = 'Loading…' }: { readonly label?: string }): ReactNode {
  return (
    <div className="status-view loading" role="status" aria-live="polite">
      {label}
    </div>
  );
}

/** An empty state with a sentence that says what is missing. */
export function EmptyView({ children }: { readonly children: ReactNode }): ReactNode {
  return <div className="status-view empty">{children}</div>;
}

/** The user-facing sentence for a pinned version outside the retained window (410) and similar. */
function explain(error: ApiRequestError): string | undefined {
  if (error.errorCode === 'version_pruned') return 'This version is pruned from the source.';
  if (error.errorCode === 'version_not_found') return 'This version is not yet in the ledger.';
  return undefined;
}

/**
 * Whether asking again can change the answer: a network failure (status 0), a timeout or rate limit
 * (408, 429) or a server error (5xx) can; a node's 4xx answer (pruned, not found, bad input) cannot,
 * so no Retry is offered for it. Errors that are not the API's (a bug, a decoding failure) may pass.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** An error panel: message, error code and HTTP status, plus a retry when one can change the answer. */
export function ErrorView({
  error,
  onRetry,
}: {
  readonly error: unknown;
  readonly onRetry?: (() => void) | undefined;
}): ReactNode {
  const apiError = error instanceof ApiRequestError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const hint = apiError ? explain(apiError) : undefined;
  return (
    <div className="status-view error" role="alert">
      <p className="error-message">{message}</p>
      {hint && <p className="error-hint">{hint}</p>}
      {apiError && (
        <p className="error-code">
          <code>{apiError.errorCode}</code>
          {apiError.status > 0 && <span> · HTTP {apiError.status}</span>}
        </p>
      )}
      {onRetry && isRetryable(error) && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** Props of {@link InlineError}. */
export interface InlineErrorProps {
  readonly error: unknown;
  /** What failed, said first (e.g. "Ledger unavailable"). */
  readonly prefix?: string | undefined;
  /** Extra class names (placement inside the host layout). */
  readonly className?: string | undefined;
}

/**
 * An error inside a line (status bar, header, a control's facts), where a whole {@link ErrorView}
 * does not fit: the same facts in one line — message, the pruned / not-yet sentence, `error_code`
 * and HTTP status.
 */
export function InlineError({ error, prefix, className }: InlineErrorProps): ReactNode {
  const apiError = error instanceof ApiRequestError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const hint = apiError ? explain(apiError) : undefined;
  return (
    <span className={`inline-error${className === undefined ? '' : ` ${className}`}`} role="alert">
      {prefix !== undefined && `${prefix}: `}
      {message}
      {hint !== undefined && ` — ${hint}`}
      {apiError && (
        <>
          {' · '}
          <code>{apiError.errorCode}</code>
          {apiError.status > 0 && ` · HTTP ${apiError.status}`}
        </>
      )}
    </span>
  );
}
