/**
 * The UI takes a BCS answer only when it is BCS: a node that ignores `Accept: application/x-bcs` and answers JSON,
 * passed on by a proxy labelled BCS or JSON, is an error, never bytes for the inspector (faked at the fetch boundary,
 * where a remote node sits); the read service's real BCS still passes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, requestBcs } from '../../../renderer/api/client.ts';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';

const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
});

/** Answers every request with `body` labelled `contentType`. */
function answerWith(body: string | Uint8Array<ArrayBuffer>, contentType: string): void {
  globalThis.fetch = () =>
    Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': contentType } }));
}

const RESOURCE = '/v1/accounts/0x1/resource/0x1::account::Account';

describe('requestBcs', () => {
  it('refuses JSON text labelled application/x-bcs', async () => {
    answerWith('{"sequence_number":"0","authentication_key":"0x01"}', 'application/x-bcs');
    const error = await requestBcs(RESOURCE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toMatch(/labelled application\/x-bcs is JSON text/);
  });

  it('refuses a JSON answer to a BCS request', async () => {
    answerWith('[1,2,3]', 'application/json');
    const error = await requestBcs(RESOURCE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toMatch(
      /expected BCS \(application\/x-bcs\), the answer is application\/json/,
    );
  });

  it('takes BCS bytes, even ones that start like JSON but are not', async () => {
    const bytes = new Uint8Array([0x7b, 0x01, 0x02, 0x7d]);
    answerWith(bytes, 'application/x-bcs');
    expect([...(await requestBcs(RESOURCE)).body]).toEqual([...bytes]);
  });

  it("takes the read service's real BCS answer", async () => {
    const restore = routeFetchInto(serviceFixture('small'));
    try {
      const answer = await requestBcs(RESOURCE);
      expect(answer.body.length).toBeGreaterThan(32);
    } finally {
      restore();
    }
  });
});
