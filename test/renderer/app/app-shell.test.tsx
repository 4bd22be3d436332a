/**
 * The app shell over the real read service: an unknown path shows the not-found view, and an API
 * error reaches the screen as the error record (message and error_code), never a blank panel.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { requestJson, ApiRequestError } from '../../../renderer/api/client.ts';
import { serviceFixture, routeFetchInto } from '../support/service-fetch.ts';

describe('app shell', () => {
  it('shows the not-found view for a path no route serves', async () => {
    renderApp('/no/such/view');
    expect(await screen.findByText('/no/such/view')).toBeTruthy();
  });

  it('turns an error record into an ApiRequestError with status and error_code', async () => {
    const fixture = serviceFixture('small');
    const restore = routeFetchInto(fixture);
    try {
      const latest = (await requestJson<{ ledger_version: string }>('/v1')).body.ledger_version;
      const beyond = (BigInt(latest) + 1n).toString();
      const failure = await requestJson('/v1/accounts/0x1/resources', { query: { ledger_version: beyond } }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ApiRequestError);
      expect((failure as ApiRequestError).status).toBe(404);
      expect((failure as ApiRequestError).errorCode).toBe('version_not_found');
      expect((failure as ApiRequestError).message).toContain(beyond);
    } finally {
      restore();
    }
  });
});
