// A title's length is counted in characters (Unicode code points) end to end: the CLI sends a title
// of 200 emoji (400 UTF-16 units) and the sandbox creates the job; 201 are refused by the sandbox,
// and the CLI names the field. The CLI itself does not refuse a long title before sending: the
// 200-character limit is the sandbox's choice, not the API's (docs/decisions.md).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob, words } from '../helpers/sandbox.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const env = () => ({ RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' });

function create(title: string, extra: string[] = []) {
  const description = join(process.env.RECRUIT_STATE_DIR!, '..', 'title-description.txt');
  writeFileSync(description, words(120));
  return runCli(
    ['jobs', 'create', '--title', title, '--description-file', description, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504', ...extra],
    { env: env() },
  );
}

describe('title length in code points, CLI and sandbox together', () => {
  it('creates a job titled with 200 emoji', async () => {
    const title = '🚀'.repeat(200);
    const result = await create(title, ['--json']);
    expect(result.code, result.stderr).toBe(0);
    const job = JSON.parse(result.stdout) as { id: number; title: string };
    expect(job.title).toBe(title);
    expect((await call(sandbox.current, 'GET', `/v1/jobs/${job.id}`)).body.title).toBe(title);
  });

  it('sends 201 emoji and shows the sandbox refusing the title', async () => {
    const before = sandbox.current.store.jobs.size;
    const result = await create('🚀'.repeat(201));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('title: has 201 characters; at most 200 are allowed');
    expect(sandbox.current.store.jobs.size).toBe(before);
  });

  it('leaves the limit to the service: --dry-run passes 201 emoji', async () => {
    expect((await create('🚀'.repeat(201), ['--dry-run'])).code).toBe(0);
  });

  it('counts the same in a batch: 200 emoji created, 201 refused with the item named', async () => {
    const file = join(process.env.RECRUIT_STATE_DIR!, '..', 'titles.ndjson');
    writeFileSync(file, [validJob({ title: '🎉'.repeat(200) }), validJob({ title: '🎉'.repeat(201) })].map((j) => JSON.stringify(j)).join('\n'));
    const result = await runCli(['jobs', 'create', '--file', file, '--json'], { env: env() });
    expect(result.code).toBe(1);
    const rows = JSON.parse(result.stdout) as Array<{ index: number; result: string; error: { status: number; message: string } | null }>;
    expect(rows.map((r) => [r.index, r.result])).toEqual([
      [0, 'created'],
      [1, 'refused'],
    ]);
    expect(rows[1]!.error).toMatchObject({ status: 400 });
    expect(rows[1]!.error!.message).toContain('title: has 201 characters; at most 200 are allowed');
  });
});
