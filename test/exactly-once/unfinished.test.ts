// The runs `recruit status` lists as unfinished, read from journals written here by hand: the last
// run's items left without an answer are counted; a finished run, a journal of an earlier version
// (no command), a command not as written and another account's journal are not listed; the
// command is rendered from its checked fields, each word quoted so that a shell reads it back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalFile } from '../../src/exactly-once/journal-files.js';
import { checkedResume, resumeIds, resumeLine, MAX_IDS_SHOWN, type ResumeCommand } from '../../src/exactly-once/resume-command.js';
import { unfinishedRuns } from '../../src/exactly-once/unfinished.js';

const ACCOUNT = { baseUrl: 'https://api.example.com/v1', credential: 'fp-one' };
const OTHER = { baseUrl: 'https://api.example.com/v1', credential: 'fp-two' };
const CREATE: ResumeCommand = { kind: 'create', file: '/data/jobs.csv', globals: { profile: 'prod' } };

const run = (pending: number, command: unknown = CREATE, items = pending) => ({ type: 'run', at: '2026-11-20T10:00:00.000Z', input: 'x', target: {}, account: 'fp', items, command, pending });
const sent = (id: string) => ({ type: 'sent', id, key: `k-${id}`, index: 0 });
const created = (id: string) => ({ type: 'created', id, jobId: 1, status: 5, statusLabel: null, approvalStatus: null, approvalStatusLabel: null });
const refused = (id: string, code: string, status = 400) => ({ type: 'refused', id, status, code, message: 'no' });

function journals(entries: Record<string, unknown[]>, account = ACCOUNT): string {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-unfinished-'));
  for (const [input, lines] of Object.entries(entries)) writeFileSync(journalFile(dir, input, account), lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return dir;
}

describe('unfinishedRuns', () => {
  it('counts the items of the last run that have no answer; a refusal at the active-job limit is none', async () => {
    const dir = journals({
      stopped: [run(4), sent('a'), created('a'), sent('b'), refused('b', 'active_job_limit_reached', 409), sent('c')],
      finished: [run(3), sent('a'), created('a'), sent('b'), refused('b', 'invalid_field'), sent('c'), created('c')],
    });
    const runs = await unfinishedRuns(dir, ACCOUNT);
    expect(runs).toEqual([expect.objectContaining({ command: CREATE, items: 4, unfinished: 3, startedAt: '2026-11-20T10:00:00.000Z' })]);
    expect(runs[0]!.journal).toBe(journalFile(dir, 'stopped', ACCOUNT));
  });

  it('goes by the last run only: a re-run that answered the rest finishes the journal', async () => {
    const dir = journals({ resumed: [run(3), sent('a'), created('a'), run(2), sent('b'), created('b'), sent('c'), created('c')] });
    expect(await unfinishedRuns(dir, ACCOUNT)).toEqual([]);
  });

  it('lists neither a journal of an earlier version (no command), nor one whose command is not as written, nor another account', async () => {
    const old = { type: 'run', at: '2026-11-20T10:00:00.000Z', input: 'x', target: {}, account: 'fp', items: 2 };
    const dir = journals({
      old: [old, sent('a')],
      hostile: [run(2, { kind: 'create', file: ['rm', '-rf'], globals: {} }), sent('a')],
      hostileIds: [run(2, { kind: 'status', ids: ['1; rm -rf ~'], status: 5, globals: {} }), sent('a')],
      hostileFlag: [run(2, { kind: 'update', ids: [3], set: {}, names: [{ flag: '--exec', value: 'x' }], globals: {} }), sent('a')],
      damaged: ['{"type":"run", torn', sent('a')],
    });
    expect(await unfinishedRuns(dir, ACCOUNT)).toEqual([]);
    journals({ other: [run(2), sent('a')] }, OTHER);
    const both = journals({ mine: [run(1)] });
    writeFileSync(journalFile(both, 'theirs', OTHER), `${JSON.stringify(run(5))}\n`);
    expect((await unfinishedRuns(both, ACCOUNT)).map((r) => r.journal)).toEqual([journalFile(both, 'mine', ACCOUNT)]);
  });

  it('finds nothing in a journal directory not made yet', async () => {
    expect(await unfinishedRuns(join(tmpdir(), 'recruit-no-such-dir', 'journals'), ACCOUNT)).toEqual([]);
  });
});

describe('the resume command', () => {
  /** The words a POSIX shell makes of `command`. */
  const shellRead = (command: string): string[] => JSON.parse(execFileSync('sh', ['-c', `set -- ${command}; node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@"`], { encoding: 'utf8' }));

  it.skipIf(process.platform === 'win32')('renders each kind with the flags that change what it reads, quoted so that the shell reads back the same words', () => {
    const update = checkedResume({
      kind: 'update',
      ids: [3, 9],
      set: { title: "Chef d'équipe", experience: 5, skills: ['Go', 'SQL'] },
      names: [{ flag: '--job-function', value: 'Data Engineering' }],
      globals: { baseUrl: 'https://api.example.com/v1', profile: 'prod' },
    })!;
    const line = resumeLine(update);
    expect(line.stdin).toBeUndefined();
    expect(shellRead(line.command)).toEqual([
      'recruit', '--profile', 'prod', '--base-url', 'https://api.example.com/v1', 'jobs', 'update', '3', '9',
      '--job-function', 'Data Engineering', '--set', `title="Chef d'équipe"`, '--set', 'experience=5', '--set', 'skills=["Go","SQL"]',
    ]);

    const apply = resumeLine(checkedResume({ kind: 'apply', file: '/data/my jobs.xlsx', sheet: 'Q4 jobs', prune: true, format: 'xlsx', globals: { sandbox: true, sandboxAccount: 'approval' } })!);
    expect(shellRead(apply.command)).toEqual(['recruit', '--sandbox', '--sandbox-account', 'approval', 'jobs', 'apply', '--file', '/data/my jobs.xlsx', '--format', 'xlsx', '--sheet', 'Q4 jobs', '--prune']);
    expect(resumeLine({ kind: 'create', file: null, globals: {} })).toEqual({ command: 'recruit jobs create --file -', stdin: 'the same input' });
    expect(resumeLine(checkedResume({ kind: 'create', file: '/d/j.csv', delimiter: ';', createEdited: true, globals: {} })!).command).toBe("recruit jobs create --file /d/j.csv --delimiter ';' --create-edited");
    expect(resumeLine({ kind: 'status', ids: null, status: 1, globals: {} })).toEqual({ command: 'recruit jobs status - 1', stdin: 'the same job ids' });
  });

  it.skipIf(process.platform === 'win32')('never shows a word a terminal cannot show as it is: a shell variable stands for it, and the values of --set are escaped as JSON', () => {
    // A line break would make the name's second line look like another command; ESC, CR and the
    // right-to-left override would be shown escaped, so the pasted command would name another file.
    for (const name of ['/d/jobs\nrm -rf ~.csv', '/d/jobs\u001b[2J.csv', '/d/jobs\r.csv', '/d/\u202ecod.csv', '/d/tab\there.csv']) {
      const line = resumeLine({ kind: 'apply', file: name, sheet: 'Q\u202e4', delimiter: '\t', globals: {} });
      expect(line.command).toBe('recruit jobs apply --file "$FILE" --sheet "$SHEET" --delimiter tab');
      expect(line.hidden).toEqual([{ variable: 'FILE', what: 'the file' }, { variable: 'SHEET', what: 'the sheet' }]);
      const words = JSON.parse(execFileSync('sh', ['-c', `set -- ${line.command}; node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@"`], { encoding: 'utf8', env: { ...process.env, FILE: name, SHEET: 'Q\u202e4' } })) as string[];
      expect(words).toEqual(['recruit', 'jobs', 'apply', '--file', name, '--sheet', 'Q\u202e4', '--delimiter', 'tab']);
    }
    const update = resumeLine({ kind: 'update', ids: [3], set: { title: 'Evil\u202eTitle', 'odd\nkey': 1 }, names: [{ flag: '--industry', value: 'I\u0007T' }], globals: {} });
    expect(update.command).toBe('recruit jobs update 3 --industry "$NAME1" --set \'title="Evil\\u202eTitle"\' --set "$SET_2"');
    expect(update.hidden).toEqual([{ variable: 'NAME1', what: 'the name given to --industry' }, { variable: 'SET_2', what: 'the --set of "odd\\nkey"' }]);
    expect(shellRead(update.command.replace(/ --industry.*$/, ' --set \'title="Evil\\u202eTitle"\''))).toEqual(['recruit', 'jobs', 'update', '3', '--set', 'title="Evil\\u202eTitle"']);
    expect(JSON.parse('"Evil\\u202eTitle"')).toBe('Evil\u202eTitle');
    expect(resumeLine({ kind: 'create', file: '/d/plain.csv', globals: {} }).hidden).toBeUndefined();
  });

  it('names the ids read from stdin unless there are more than it shows', () => {
    const many = Array.from({ length: MAX_IDS_SHOWN + 1 }, (_, i) => i + 1);
    expect(resumeIds([4, 5], true)).toEqual([4, 5]);
    expect(resumeIds(many, true)).toBeNull();
    expect(resumeIds(many, false)).toEqual(many);
  });

  it('takes nothing but the fields it knows, of the types it writes', () => {
    expect(checkedResume({ ...CREATE, globals: { profile: 'prod', token: 'secret', sandbox: 'yes' } })).toBeUndefined();
    expect(checkedResume({ ...CREATE, globals: { profile: 'prod', token: 'secret' } })).toEqual(CREATE);
    expect(checkedResume({ ...CREATE, format: 'exe' })).toBeUndefined();
    expect(checkedResume({ kind: 'shell', globals: {} })).toBeUndefined();
    expect(checkedResume({ kind: 'status', ids: [], status: 5, globals: {} })).toBeUndefined();
    expect(checkedResume({ kind: 'update', ids: [1], set: { 'a=b': 1 }, names: [], globals: {} })).toBeUndefined();
  });
});
