// docs/guides/approval.md: its script (the block marked `sh script`) runs as it is with the built
// binary against the embedded sandbox's approval account, and ends with the job approved, active and
// on the career page. The approval comes before `jobs wait` in the script, so nothing waits for real
// (jobs-wait.test.ts waits with a test clock). Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

beforeAll(ensureFreshBuild, 60_000);

it('the approval guide\'s script creates, waits for approval and publishes', () => {
  const guide = readFileSync(join(ROOT, 'docs/guides/approval.md'), 'utf8');
  const script = /^```sh script\n([\s\S]*?)^```/m.exec(guide)?.[1];
  expect(script).toContain('jobs wait "$id" --until active');
  const home = mkdtempSync(join(tmpdir(), 'recruit-guide-'));
  const env = { ...process.env, RECRUIT_STATE_DIR: join(home, 'state'), RECRUIT_CONFIG_DIR: join(home, 'config'), NO_COLOR: '1' };
  const result = spawnSync('bash', ['-c', `recruit() { "${process.execPath}" "${BIN}" "$@"; }\n${script}`], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^created job (\d+); waiting for approval\n/);
  expect(result.stdout).toMatch(/Job \d+ "Night Nurse": active \(status In Progress, approval Approved\)/);
  const last = result.stdout.slice(result.stdout.lastIndexOf('{'));
  expect(JSON.parse(last)).toMatchObject({ statusLabel: 'In Progress', approvalStatusLabel: 'Approved', publishToCareerPage: true });
});
