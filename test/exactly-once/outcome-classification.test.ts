// What a failed POST /jobs means for the item: only an answer that judged the
// request (400, 409, 422) is a refusal written to the journal; a "key in use" 409, a 5xx, a redirect,
// an unreadable answer or no answer leave the outcome unknown, so that the item keeps its key.
import { describe, expect, it } from 'vitest';
import { ApiError, httpError, networkError } from '../../src/api/errors.js';
import { classifyFailure } from '../../src/exactly-once/classify.js';

const FAILURE = { method: 'POST', path: '/jobs', attempts: 1 };

/** The error the client makes of an answer with `status` and a JSON body `{error: {code, message}}`. */
function answered(status: number, code?: string, headers: Record<string, string> = {}): ApiError {
  const body = code ? { error: { code, message: `the service says ${code}` } } : undefined;
  const text = body ? JSON.stringify(body) : '';
  return httpError({ status, text, contentType: 'application/json', header: (name) => headers[name] }, body, FAILURE);
}

describe('classifyFailure', () => {
  it('a 409 idempotency_key_in_use (the first request with the key is still in flight) is no refusal: outcome unknown, exit 5', () => {
    const failure = classifyFailure(answered(409, 'idempotency_key_in_use'));
    expect(failure).toMatchObject({ result: 'unknown', definitive: false, exit: 5 });
    expect(failure.stop).toBeUndefined();
    expect(failure.error).toMatchObject({ code: 'idempotency_key_in_use', status: 409 });
  });

  it.each([500, 502, 504])('a %i (the job may exist) is no refusal: outcome unknown', (status) => {
    const failure = classifyFailure(answered(status, 'internal_error'));
    expect(failure).toMatchObject({ result: 'unknown', definitive: false });
    expect(failure.stop).toBeUndefined();
  });

  it('a 503 left after the retries is outcome unknown, exit 5', () => {
    expect(classifyFailure(answered(503, 'unavailable'))).toMatchObject({ result: 'unknown', definitive: false, exit: 5 });
  });

  it.each([301, 302, 307, 308])('a %i redirect (never followed) is outcome unknown', (status) => {
    expect(classifyFailure(answered(status, undefined, { location: 'https://example.com/' }))).toMatchObject({ result: 'unknown', definitive: false });
  });

  it('a proxy that wants credentials, refuses the tunnel or cannot be reached: nothing was sent, failed, not written, the run stops, exit 7', () => {
    const proxyFailures = [
      networkError(Object.assign(new Error('the proxy refused: 407'), { code: 'EPROXYREFUSED', proxyStatus: 407 }), FAILURE),
      networkError(Object.assign(new Error('the proxy refused: 403'), { code: 'EPROXYREFUSED', proxyStatus: 403 }), FAILURE),
      networkError(Object.assign(new Error('the proxy could not be reached'), { code: 'EPROXYUNREACHABLE' }), FAILURE),
    ];
    expect(proxyFailures.map((e) => e.kind)).toEqual(['proxy_auth', 'proxy_refused', 'proxy_unreachable']);
    for (const error of proxyFailures) {
      expect(classifyFailure(error), error.kind).toMatchObject({ result: 'failed', definitive: false, exit: 7, stop: 'proxy', error: { message: error.message.replace('POST /jobs failed: ', '') } });
    }
  });

  it('no answer (a lost connection, a timeout) is outcome unknown, exit 5', () => {
    const reset = networkError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), FAILURE);
    const timeout = networkError(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' }), FAILURE);
    expect(classifyFailure(reset)).toMatchObject({ result: 'unknown', definitive: false, exit: 5 });
    expect(classifyFailure(timeout)).toMatchObject({ result: 'unknown', definitive: false, exit: 5 });
  });

  it('an answer that is not a created job (bad_answer) is outcome unknown', () => {
    const bad = new ApiError('bad_answer', '200 answer is not 201 Created', 200, [], FAILURE);
    expect(classifyFailure(bad)).toMatchObject({ result: 'unknown', definitive: false });
  });

  it('400 and 422 judge the body: refused, written to the journal, exit 1', () => {
    expect(classifyFailure(answered(400, 'validation_failed'))).toMatchObject({ result: 'refused', definitive: true, exit: 1 });
    expect(classifyFailure(answered(422, 'unprocessable'))).toMatchObject({ result: 'refused', definitive: true, exit: 1 });
  });

  it('a 409 of the account (approval, capacity) is a refusal, exit 4; capacity stops the run', () => {
    const approval = classifyFailure(answered(409, 'publication_requires_approval'));
    expect(approval).toMatchObject({ result: 'refused', definitive: true, exit: 4 });
    expect(approval.stop).toBeUndefined();
    expect(classifyFailure(answered(409, 'active_job_limit_reached'))).toMatchObject({ result: 'refused', definitive: true, exit: 4, stop: 'capacity' });
  });

  it('401 and 403 are the token: failed, not written, the run stops, exit 3', () => {
    for (const status of [401, 403]) expect(classifyFailure(answered(status, 'unauthenticated'))).toMatchObject({ result: 'failed', definitive: false, exit: 3, stop: 'auth' });
  });

  it('a 404 (a wrong path) says nothing about the body: failed, not written', () => {
    expect(classifyFailure(answered(404, 'not_found'))).toMatchObject({ result: 'failed', definitive: false });
  });

  it('a Retry-After longer than the client waits stops the run, the item not written', () => {
    const wait = new ApiError('wait_too_long', 'asks to wait 27 hours', 429, [], FAILURE);
    expect(classifyFailure(wait)).toMatchObject({ result: 'failed', definitive: false, exit: 5, stop: 'wait' });
  });

  it('an error that is not the API\'s is failed, not written', () => {
    expect(classifyFailure(new Error('boom'))).toMatchObject({ result: 'failed', definitive: false, error: { code: 'internal', message: 'boom', status: null } });
  });
});

describe("an item's error message", () => {
  it("is the service's words with its field details, without the method and path every item shares", () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'The request has invalid fields',
        details: [{ field: 'jobFunctionId', message: 'no job function has id 999' }, { message: 'check the industry' }],
      },
    };
    const error = httpError({ status: 400, text: JSON.stringify(body), contentType: 'application/json', header: () => undefined }, body, FAILURE);
    expect(classifyFailure(error).error).toEqual({
      code: 'validation_failed',
      status: 400,
      message: 'The request has invalid fields (jobFunctionId: no job function has id 999; check the industry)',
    });
  });

  it('says how many attempts it took when there were several, and nothing of them when there was one', () => {
    const once = httpError({ status: 503, text: '', contentType: undefined, header: () => undefined }, undefined, FAILURE);
    const five = httpError({ status: 503, text: '', contentType: undefined, header: () => undefined }, undefined, { ...FAILURE, attempts: 5 });
    expect(classifyFailure(once).error.message).toBe('an empty body');
    expect(classifyFailure(five).error.message).toBe('an empty body (gave up after 5 attempts)');
  });
});
