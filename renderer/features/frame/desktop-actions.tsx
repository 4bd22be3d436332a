/**
 * What the frame adds in the desktop app (only when the `window.ledgerExplorer` bridge exists): an
 * "Open snapshot…" button, and a reset of every query plus a return to the landing page whenever
 * the source changes (cached answers belong to the previous source).
 */
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/** Resets all queries and goes home when the desktop app switches source. No-op headless. */
export function useSourceChangeReset(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const bridge = window.ledgerExplorer;
    if (!bridge) return undefined;
    return bridge.onSourceChanged(() => {
      void navigate('/');
      void queryClient.resetQueries();
    });
  }, [queryClient, navigate]);
}

/** The "Open snapshot…" button (desktop only); shows a failure of the dialog as one line. */
export function OpenSnapshotButton(): ReactNode {
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const bridge = typeof window === 'undefined' ? undefined : window.ledgerExplorer;
  if (!bridge) return null;
  const open = (): void => {
    setFailure(undefined);
    bridge
      .openSnapshotDialog()
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  };
  return (
    <span className="open-snapshot">
      <button type="button" onClick={open}>
        Open snapshot…
      </button>
      {failure && (
        <span className="error-text" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
}
