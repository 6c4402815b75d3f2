// `jobs create` from flags, `jobs pending` and `--resume`, over loopback HTTP against the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, words } from '../helpers/sandbox.js';

describe('recruit jobs create from flags', () => {
  const sandbox = useSandbox({ activeJobLimit: 1000 });
  const env = (token = 'sbx_direct_full', extra: NodeJS.ProcessEnv = {}) => ({
    RECRUIT_BASE_URL: sandbox.current.baseUrl,
    RECRUIT_TOKEN: token,
    ...extra,
  });
  const descriptionFile = join(process.env.RECRUIT_STATE_DIR!, '..', 'description.txt');
  writeFileSync(descriptionFile, words(120));
  const flags = (title: string) => [
    'jobs', 'create', '--title', title, '--description-file', descriptionFile, '--location', 'Berlin, Germany',
    '--industry', 'Information Technology', '--job-function', 'Data Engineering', '--employer-type', 'SaaS Startup',
  ];
  // Ids only: with faults on, no lookup request stands between the command and its POST.
  const idFlags = (title: string) => [
    'jobs', 'create', '--title', title, '--description-file', descriptionFile, '--location', 'Berlin, Germany',
    '--job-function', '103', '--employer-type', '504',
  ];
  const warmJobOptionsCache = async () => expect((await runCli([...idFlags('warm'), '--dry-run'], { env: env() })).code).toBe(0);
  const setFaults = async (spec: string, queue: string[] = []) =>
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { body: { spec, queue } })).status).toBe(200);
  const countTitled = async (title: string, token = 'sbx_direct_full') => {
    const res = await call(sandbox.current, 'GET', `/v1/jobs?search=${encodeURIComponent(title)}&pageSize=100`, { token });
    return (res.body.data as Array<{ title: string }>).filter((j) => j.title === title).length;
  };

  it('creates one job, resolving names to ids, and prints the outcome', async () => {
    const result = await runCli([...flags('Flags Engineer'), '--skills', 'SQL, Python', '--salary-interval', 'Y'], { env: env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created job \d+ "Flags Engineer": In Progress \(5\)\n$/);
    const id = Number(/job (\d+)/.exec(result.stdout)![1]);
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${id}`)).body;
    expect(job).toMatchObject({ jobFunctionId: 103, employerTypeId: 504, industryId: 1, skills: ['SQL', 'Python'], salaryInterval: 'Y' });
  });

  it('prints the job as JSON with --json', async () => {
    const result = await runCli([...flags('Flags JSON'), '--json'], { env: env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Flags JSON', status: 5, approvalStatus: null });
  });

  it('validates and resolves with --dry-run, and sends nothing', async () => {
    const result = await runCli([...flags('Flags Dry Run'), '--dry-run'], { env: env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Flags Dry Run', jobFunctionId: 103, employerTypeId: 504 });
    expect(await countTitled('Flags Dry Run')).toBe(0);
  });

  it('reads --salary-min 70,000 as the wizard and a CSV cell do: 70000', async () => {
    const result = await runCli([...flags('Flags Grouped Salary'), '--salary-min', '70,000', '--salary-max', '90000', '--dry-run'], { env: env() });
    expect(result.stderr).toBe('The job is valid; nothing was sent (--dry-run).\n');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ salaryMin: 70000, salaryMax: 90000 });
  });

  it('refuses invalid input with exit 2, naming each flag, before sending anything', async () => {
    const result = await runCli(
      ['jobs', 'create', '--title', 'Short', '--description', 'too short', '--location', 'Remote', '--salary-max', 'lots'],
      { env: { RECRUIT_BASE_URL: 'http://127.0.0.1:9/v1', RECRUIT_TOKEN: 'x' } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--salary-max: must be a number, got "lots"');
    const second = await runCli(['jobs', 'create', '--title', 'Short', '--description', 'too short', '--location', 'Remote'], {
      env: { RECRUIT_BASE_URL: 'http://127.0.0.1:9/v1', RECRUIT_TOKEN: 'x' },
    });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('--description / --description-file (description): has 2 words; at least 100 are required');
    expect(second.stderr).toContain('--location (location): must be a full location even for a remote job');
    expect(second.stderr).toContain('--job-function (jobFunctionId): is required');
    expect(second.stderr).toContain('--employer-type (employerTypeId): is required');
  });

  it('names the flags when there is no input and no terminal', async () => {
    const result = await runCli(['jobs', 'create'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not running interactively');
    expect(result.stderr).toContain('--title, --description (or --description-file), --location, --job-function, --employer-type');
  });

  it('suggests the closest names for an unknown name (exit 2)', async () => {
    const args = flags('Unknown Function');
    args[args.indexOf('Data Engineering')] = 'Data';
    const result = await runCli(args, { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--job-function (jobFunction): no job function named "Data" in Information Technology (1); did you mean "Data Engineering" or "Database Administration"?',
    );
  });

  it('suggests the code for a job type given by a misspelt label (exit 2)', async () => {
    const result = await runCli([...flags('Job Type Label'), '--job-type', 'Fulltime'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--job-type (jobType): must be one of FT, PT, CT, TP, IN (see `recruit lookup job-options`); did you mean "FT" (Full-time)?',
    );
  });

  it('requires a customer on a staffing profile before sending', async () => {
    const result = await runCli(flags('Staffing No Customer'), { env: env('sbx_staffing_full', { RECRUIT_ACCOUNT_TYPE: 'staffing' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--customer (customerId): is required on a staffing account');
    const ok = await runCli([...flags('Staffing With Customer'), '--customer', 'Initech'], {
      env: env('sbx_staffing_full', { RECRUIT_ACCOUNT_TYPE: 'staffing' }),
    });
    expect(ok.code).toBe(0);
    expect(await countTitled('Staffing With Customer', 'sbx_staffing_full')).toBe(1);
  });

  it('explains the 409 for publication on an approval account (exit 4) and keeps nothing pending', async () => {
    const result = await runCli([...flags('Approval Published'), '--publish-career-page'], { env: env('sbx_approval_full') });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('cannot be published when it is created');
    expect(await countTitled('Approval Published', 'sbx_approval_full')).toBe(0);
    const pending = await runCli(['jobs', 'pending', '--json'], { env: env() });
    expect(JSON.parse(pending.stdout)).toEqual([]);
  });

  it('keeps a submission that failed transiently, lists it, and --resume creates it once', async () => {
    await warmJobOptionsCache();
    await setFaults('503=1');
    const failed = await runCli(idFlags('Resumed After 503'), { env: env() });
    await setFaults('');
    expect(failed.code).toBe(5);
    const key = /--resume ([\w-]+)/.exec(failed.stderr)![1]!;
    const pending = JSON.parse((await runCli(['jobs', 'pending', '--json'], { env: env() })).stdout) as Array<{ key: string; title: string }>;
    expect(pending).toEqual([expect.objectContaining({ key, title: 'Resumed After 503', attempts: 1 })]);
    expect(await countTitled('Resumed After 503')).toBe(0);

    const resumed = await runCli(['jobs', 'create', '--resume'], { env: env() });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/Created job \d+ "Resumed After 503"/);
    expect(await countTitled('Resumed After 503')).toBe(1);
    expect(JSON.parse((await runCli(['jobs', 'pending', '--json'], { env: env() })).stdout)).toEqual([]);
    const again = await runCli(['jobs', 'create', '--resume', key], { env: env() });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('already created job');
  });

  it('a crash between "sent" and "answered" followed by --resume creates one job', async () => {
    // Every attempt is carried out and committed, then its connection is destroyed: the client never
    // hears back, as if the process had died after sending.
    await warmJobOptionsCache();
    await setFaults('', ['reset', 'reset', 'reset', 'reset', 'reset']);
    const lost = await runCli(idFlags('Committed But Unanswered'), { env: env() });
    expect(lost.code).toBe(5);
    expect(await countTitled('Committed But Unanswered')).toBe(1);
    const resumed = await runCli(['jobs', 'create', '--resume', '--verbose'], { env: env() });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/< 201 POST .* replayed/);
    expect(await countTitled('Committed But Unanswered')).toBe(1);
  });

  it('refuses to resume a submission against another target', async () => {
    await warmJobOptionsCache();
    await setFaults('503=1');
    expect((await runCli(idFlags('Other Target'), { env: env() })).code).toBe(5);
    await setFaults('');
    const elsewhere = await runCli(['jobs', 'create', '--resume', '--sandbox'], { env: env() });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('was made for profile "default"');
    expect((await runCli(['jobs', 'create', '--resume'], { env: env() })).code).toBe(0);
  });
});
