// The hint after Ctrl-C, and `jobs drafts`, name the command with the global flags
// that chose the account (`recruit --sandbox jobs create`), which alone finds the draft again.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification } from './scripts.js';

describe('the draft hint keeps the flags used', () => {
  it('after Ctrl-C in the wizard and in jobs drafts', async () => {
    const flags = ['--sandbox', '--sandbox-account', 'staffing'];
    const prompter = new FakePrompter([...classification(), { kind: 'search', message: 'Customer', interrupt: true }]);
    const first = await runCli([...flags, 'jobs', 'create'], { tty: true, prompter, env: { NO_COLOR: '1', CI: undefined } });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr.replace(/\s+/g, ' ')).toContain('run `recruit --sandbox --sandbox-account staffing jobs create` to continue');
    const listed = await runCli([...flags, 'jobs', 'drafts'], { tty: true, env: { NO_COLOR: '1', CI: undefined } });
    expect(listed.code).toBe(0);
    // Notes wrap between words at the terminal's width.
    expect(listed.stderr.replace(/\s+/g, ' ')).toContain('`recruit --sandbox --sandbox-account staffing jobs create` offers to continue it');
  });
});

describe('the wizard says where it creates the job', () => {
  it('names the embedded sandbox account before the first question', async () => {
    const prompter = new FakePrompter([{ kind: 'search', message: 'Industry', interrupt: true }]);
    const result = await runCli(['--sandbox', '--sandbox-account', 'approval', 'jobs', 'create'], { tty: true, prompter, env: { NO_COLOR: '1', CI: undefined } });
    expect(result.code).toBe(130);
    expect(result.stderr.split('\n')[0]).toBe('Creating a job in the embedded sandbox (approval account)');
  });
});
