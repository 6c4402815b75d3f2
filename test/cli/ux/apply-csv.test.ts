// For `jobs apply`: a CSV file's problems are named by row and
// column; Ctrl-C at the confirmation exits 130 quietly; the note about the service's fields only
// when something is to change.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { useSandbox, validJob } from '../../helpers/sandbox.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-apply-ux-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const apply = (args: string[]) =>
  runCli(['jobs', 'apply', ...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });

describe('jobs apply on a CSV file', () => {
  it('names rows and columns, duplicates by row, and numbers nothing from 0', async () => {
    const job = validJob();
    const header = 'jobCode,title,jobFunctionId,employerTypeId,location,description';
    const row = (code: string, location: string) => `${code},Apply Row ${code},${job.jobFunctionId},${job.employerTypeId},"${location}",${job.description}`;
    const path = join(dir, 'rows.csv');
    writeFileSync(path, `${header}\n${row('AR-1', 'Berlin, Germany')}\n${row('AR-2', 'Remote')}\n${row('AR-1', 'Berlin, Germany')}\n`);
    const result = await apply(['--file', path, '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^ {2}- row 3, column location: /m);
    expect(result.stderr).toContain('  - row 4, column jobCode: "AR-1" is also the jobCode of row 2; each job needs a code of its own');
    expect(result.stderr).toContain('hint: rows are numbered as a spreadsheet shows them (the header is row 1)');
    expect(result.stderr).not.toContain('numbered from 0');
    expect(result.stderr).not.toMatch(/\bitem \d/);
  });
});

describe('Ctrl-C at the apply confirmation', () => {
  it('exits 130 saying that nothing was sent, with no error line', async () => {
    const { FakePrompter } = await import('../../helpers/fake-prompter.js');
    const path = join(dir, 'interrupt.json');
    writeFileSync(path, JSON.stringify([validJob({ jobCode: 'AP-CTRL-C', title: 'Apply Ctrl-C' })]));
    const result = await runCli(['jobs', 'apply', '--file', path, '--base-url', sandbox.current.baseUrl], {
      tty: true,
      prompter: new FakePrompter([{ kind: 'confirm', message: 'Apply this change?', interrupt: true }]),
      env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/nothing sent \(interrupted\)\n$/);
    expect(result.stderr).not.toContain('error:');
  });
});
