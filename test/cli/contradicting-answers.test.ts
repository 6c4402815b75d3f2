// Answers that contradict the request, from a hostile server: a status change answered with another
// status, an update answered with a value that is neither the one sent nor the job's old one, and a
// rate limit that lies so that the client gives up on requests before sending them. None is ever
// `ok` or exit 0; a request never sent is "not attempted", never "outcome unknown".
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { JOB_OPTIONS, job, json, useHostileServer } from '../helpers/hostile-server.js';

const server = useHostileServer();

function cli(args: string[]): Promise<CliResult> {
  return runCli(['--base-url', server.base, ...args], { env: { RECRUIT_TOKEN: 'x', NO_COLOR: '1' } });
}

interface Item {
  jobId: number;
  ok: boolean;
  result: string;
  sent: boolean;
  error: { code: string; message: string } | null;
}

/** A rate limit of one request per 10^9 s, none left: the next request's turn is past any deadline. */
const LYING_RATE_LIMIT = { 'ratelimit-policy': '"d";q=1;w=1000000000', ratelimit: '"d";r=0;t=1000000000' };

describe('a status change answered with another status', () => {
  it('is an error naming the status asked for and the one answered, never ok, exit 1', async () => {
    server
      .on('GET /v1/job-options', json(JOB_OPTIONS))
      .on('GET /v1/jobs/1', json(job(1)))
      .on('GET /v1/jobs/2', json(job(2)))
      .on('PATCH /v1/jobs/1/status', json(job(1, { status: 2, statusLabel: 'New' })))
      .on('PATCH /v1/jobs/2/status', json(job(2, { status: 1, statusLabel: 'Closed' })));
    const res = await cli(['jobs', 'status', '1', '2', 'closed', '--json', '--concurrency', '1']);
    expect(res.code, res.stderr).toBe(1);
    const items = JSON.parse(res.stdout) as Item[];
    expect(items.map((i) => [i.jobId, i.ok, i.result, i.sent])).toEqual([
      [1, false, 'unknown', true],
      [2, true, 'changed', true],
    ]);
    expect(items[0]!.error!.code).toBe('contradicting_answer');
    expect(items[0]!.error!.message).toMatch(/asked for status 1 \(Closed\), the answer says status 2 \(New\)/);
  });

  it('the single `jobs status` fails the same way instead of printing New -> New', async () => {
    server
      .on('GET /v1/job-options', json(JOB_OPTIONS))
      .on('GET /v1/jobs/1', json(job(1)))
      .on('PATCH /v1/jobs/1/status', json(job(1, { status: 2, statusLabel: 'New' })));
    const res = await cli(['jobs', 'status', '1', 'closed']);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/PATCH \/jobs\/1\/status failed: .*asked for status 1 \(Closed\), the answer says status 2 \(New\)/);
  });
});

describe('an update answered with other values than sent', () => {
  it('an integer answered with another (neither sent nor the old one) is an error naming both; a normalised string is not', async () => {
    server
      .on('GET /v1/jobs/1', json(job(1, { experience: 2 })))
      .on('GET /v1/jobs/2', json(job(2, { experience: 2 })))
      .on('PATCH /v1/jobs/1', json(job(1, { experience: 9, title: 'Renamed' })))
      .on('PATCH /v1/jobs/2', json(job(2, { experience: 6, title: 'Renamed' })));
    const res = await cli(['jobs', 'update', '1', '2', '--set', 'experience=6', '--title', '  Renamed ', '--json', '--concurrency', '1']);
    expect(res.code, res.stderr).toBe(1);
    const items = JSON.parse(res.stdout) as Item[];
    expect(items.map((i) => [i.jobId, i.ok, i.result])).toEqual([
      [1, false, 'unknown'],
      [2, true, 'changed'],
    ]);
    expect(items[0]!.error!.code).toBe('contradicting_answer');
    expect(items[0]!.error!.message).toMatch(/sent experience 6, the answer says 9/);
  });
});

describe('requests the client gives up on before sending them (a lying RateLimit)', () => {
  it('bulk status: the jobs whose change was never sent are "not attempted", not "outcome unknown"', async () => {
    server
      .on('GET /v1/job-options', json(JOB_OPTIONS))
      .on('GET /v1/jobs/1', json(job(1)))
      .on('GET /v1/jobs/2', json(job(2)))
      .on('GET /v1/jobs/3', json(job(3)))
      .on('PATCH /v1/jobs/1/status', json(job(1, { status: 1, statusLabel: 'Closed' }), 200, LYING_RATE_LIMIT))
      .on('PATCH /v1/jobs/2/status', json(job(2, { status: 1, statusLabel: 'Closed' })))
      .on('PATCH /v1/jobs/3/status', json(job(3, { status: 1, statusLabel: 'Closed' })));
    const res = await cli(['jobs', 'status', '1', '2', '3', 'closed', '--json', '--concurrency', '1']);
    expect(res.code, res.stderr).toBe(5);
    const items = JSON.parse(res.stdout) as Item[];
    expect(items.map((i) => [i.jobId, i.result, i.sent])).toEqual([
      [1, 'changed', true],
      [2, 'not_attempted', false],
      [3, 'not_attempted', false],
    ]);
    expect(items[1]!.error!.message).toMatch(/^not attempted/);
    expect(server.got('PATCH /v1/jobs/2/status')).toHaveLength(0);
    expect(server.got('PATCH /v1/jobs/3/status')).toHaveLength(0);
    expect(res.stderr).not.toContain('outcome unknown');
  });
});
