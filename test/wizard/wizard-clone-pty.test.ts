// The built executable in a pseudo-terminal: `recruit --sandbox jobs create --from 3 --title ...`
// opens the wizard at its review, filled in from job 3, and Enter on "Submit" creates the clone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN, runBin } from '../helpers/cli.js';
import { KEY, PtySession } from '../helpers/pty.js';

beforeAll(ensureFreshBuild, 60_000);

let session: PtySession | undefined;
afterEach(() => session?.kill());

describe('jobs create --from in a pseudo-terminal', () => {
  it('opens at the review with the fields of the job, and submits the clone', async () => {
    const home = mkdtempSync(join(tmpdir(), 'recruit-pty-clone-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      RECRUIT_STATE_DIR: join(home, 'state'),
      RECRUIT_CONFIG_DIR: join(home, 'config'),
      TERM: 'xterm-256color',
    };
    delete env.CI;
    delete env.NO_COLOR;
    const source = JSON.parse((await runBin(['--sandbox', 'jobs', 'get', '3', '--json'], { env })).stdout) as Record<string, unknown>;

    const pty = (session = new PtySession([process.execPath, BIN, '--sandbox', 'jobs', 'create', '--from', '3', '--title', 'Pty Clone'], env));
    const screen = await pty.waitFor('What next?');
    expect(screen).toContain('Cloning job 3 "Data Engineer"');
    expect(screen).toMatch(/Job function +Data Engineering/);
    expect(screen).toMatch(/Title +Pty Clone/);
    expect(screen).toMatch(/Location +Toronto, ON, Canada/);
    // No question came before the review.
    expect(screen).not.toMatch(/Industry \(type to filter\)|Continue the draft/);
    pty.type(KEY.enter);

    const done = await pty.waitFor(/Created job \d+ "Pty Clone": In Progress \(5\)/);
    expect(await pty.exited).toBe(0);
    const id = /Created job (\d+) /.exec(done)![1]!;
    const got = await runBin(['--sandbox', 'jobs', 'get', id, '--json'], { env });
    const clone = JSON.parse(got.stdout) as Record<string, unknown>;
    for (const field of ['description', 'location', 'industryId', 'jobFunctionId', 'employerTypeId', 'salaryMin', 'salaryMax', 'currency', 'skills']) {
      expect(clone[field]).toEqual(source[field]);
    }
    expect(clone).toMatchObject({ title: 'Pty Clone', jobCode: `JOB-${id.padStart(5, '0')}` });
  }, 120_000);
});
