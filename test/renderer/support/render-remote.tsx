/**
 * A remote node without the explorer API, stood in for at the fetch boundary by the real read
 * service minus its explorer routes, for the panels that must degrade there.
 */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { interceptFetch, serviceFixture } from './service-fetch.ts';
import { jsonResponse, localnetSource } from './remote-source.ts';

const REMOTE_SOURCE = localnetSource();

/**
 * Renders the app at `path` over a remote node without `/explorer/v1`: the `small` fixture's read
 * service with the explorer routes answering the remote proxy's 404 `web_framework_error` (and
 * `/explorer/v1/source` naming a localnet node).
 */
export function renderWithoutExplorer(path: string) {
  interceptFetch(serviceFixture('small'), (url, forward) => {
    if (url.pathname === '/explorer/v1/source') return jsonResponse(REMOTE_SOURCE);
    if (url.pathname.startsWith('/explorer/v1/'))
      return jsonResponse(
        {
          message: 'The explorer API (/explorer/v1) is not available for a remote node',
          error_code: 'web_framework_error',
          vm_error_code: null,
        },
        404,
      );
    return forward();
  });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<App queryClient={createQueryClient()} />);
  return { user };
}
