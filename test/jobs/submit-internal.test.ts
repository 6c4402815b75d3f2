// sendSubmission when the request fails with an error that is no ApiError (a bug, or anything the
// client did not turn into an answer of the service): the record keeps it as an "internal" error
// with no status, stays pending for --resume, and the error goes on to the caller.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { SubmissionStore } from '../../src/jobs/submissions.js';
import { newSubmission, sendSubmission } from '../../src/jobs/submit.js';
import { validJob } from '../helpers/sandbox.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sendSubmission and an error that is no answer of the service', () => {
  it('saves it as code "internal" with no status, leaves the submission pending, and throws it', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'recruit-submit-internal-'));
    dirs.push(stateDir);
    const store = new SubmissionStore({ RECRUIT_STATE_DIR: stateDir });
    const bug = new TypeError("Cannot read properties of undefined (reading 'statusCode')");
    const api = { request: () => Promise.reject(bug) } as unknown as ApiClient;
    const submission = newSubmission('internal-key-0001', validJob({ title: 'Internal Error Job' }), { profile: 'default', baseUrl: 'http://service.test/v1' }, 'flags', new Date());

    await expect(sendSubmission(api, store, submission, () => new Date())).rejects.toBe(bug);
    const saved = store.get('internal-key-0001')!;
    expect(saved.state).toBe('pending');
    expect(saved.attempts).toBe(1);
    expect(saved.lastError).toEqual({ code: 'internal', message: bug.message, status: null });
  });
});
