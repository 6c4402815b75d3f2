// `recruit jobs edit <id>`: the job's fields in an editor (here a script named by EDITOR that edits
// the file), the changes shown, a confirmation, and the update sent through `jobs update`; over
// HTTP against the sandbox.
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { scriptedEditor as editor, type EditStep as Step } from '../helpers/scripted-editor.js';
import { parseEditText, EDIT_FIELDS } from '../../src/commands/jobs/edit/edit-text.js';

const sandbox = useSandbox();

const job = async (id: number) => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: 'sbx_direct_full' })).body;

function edit(id: number, steps: Step[], answers: boolean[] = [true], extra: string[] = []) {
  const e = editor(steps);
  const prompter = new FakePrompter(answers.map((answer) => ({ kind: 'confirm' as const, message: `Send these changes to job ${id}?`, answer })));
  const result = runCli(['jobs', 'edit', String(id), '--base-url', sandbox.current.baseUrl, ...extra], {
    tty: true,
    prompter,
    env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined, ...e.env },
  });
  return { e, prompter, result };
}

describe('recruit jobs edit', () => {
  it('shows the fields with names, sends what changed after showing it, and reports it', async () => {
    const before = await job(2);
    const { e, prompter, result } = edit(2, [{ replace: [[`title: ${before.title}`, 'title: Edited In The Editor'], ['experience: ', 'experience: 7\n#']] }]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    const shown = e.seen(0);
    expect(shown).toMatch(/^# Editing job 2 \(JOB-00002\)/);
    expect(shown).toMatch(/^industry: [A-Z][a-z]/m); // a name, not an id
    expect(shown).toMatch(/^description:\n\S/m);
    expect(r.stderr).toContain(`title: ${JSON.stringify(before.title)} → "Edited In The Editor"`);
    expect(r.stdout).toContain('Updated job 2');
    const after = await job(2);
    expect(after).toMatchObject({ title: 'Edited In The Editor', experience: 7 });
    expect(after.description).toBe(before.description);
  });

  it('sends nothing when the file is left as it is, or emptied', async () => {
    const before = await job(4);
    for (const step of [{ keep: true as const }, { write: '' }]) {
      const { result, prompter } = edit(4, [step], []);
      const r = await result;
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('Job 4 unchanged; nothing was sent.');
      prompter.assertDone();
    }
    expect((await job(4)).updatedAt).toBe(before.updatedAt);
  });

  it('sends nothing when the change is declined', async () => {
    const before = await job(5);
    const { result } = edit(5, [{ replace: [[`title: ${before.title}`, 'title: Not Sent']] }], [false]);
    const r = await result;
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Nothing was sent.');
    expect((await job(5)).title).toBe(before.title);
  });

  it('opens the editor again with the problem on top when the file cannot be read, then sends the fix', async () => {
    const before = await job(6);
    const { e, result } = edit(6, [
      { replace: [['location: ', 'locaton: Lisbon, Portugal\nlocation: ']] },
      { replace: [['locaton: Lisbon, Portugal\n', ''], [`title: ${before.title}`, 'title: Fixed Title']] },
    ]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    expect(e.runs()).toBe(2);
    expect(e.seen(1)).toMatch(/^# ---- The last edit could not be sent: ----\n# line \d+: "locaton" is not a field of this file/);
    expect((await job(6)).title).toBe('Fixed Title');
  });

  it("opens the editor again when the update's checks refuse a value, naming it; nothing sent until fixed", async () => {
    const before = await job(7);
    const { e, result } = edit(7, [
      { replace: [[`title: ${before.title}`, 'title: Still Checked'], ['industry: ', 'industry: Informaton Technology\n#']] },
      { write: '' },
    ]);
    const r = await result;
    expect(r.code).toBe(0);
    expect(e.seen(1)).toContain('did you mean "Information Technology"');
    expect((await job(7)).title).toBe(before.title);
  });

  it('clears an optional field that was emptied, and refuses to empty a required one', async () => {
    expect((await job(8)).skills).not.toEqual([]);
    const { result } = edit(8, [{ replace: [['\nskills: ', '\nskills: \n#']] }]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    expect((await job(8)).skills ?? []).toEqual([]);

    const before = await job(9);
    const refused = edit(9, [{ replace: [[`title: ${before.title}`, 'title:']] }, { write: '' }]);
    const rr = await refused.result;
    expect(refused.e.seen(1)).toContain('title cannot be emptied: a job needs it');
    expect(rr.code).toBe(0);
  });

  it('says so when the editor fails, and sends nothing', async () => {
    const before = await job(10);
    const { result } = edit(10, [{ fail: 3 }], []);
    const r = await result;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ended with exit 3; nothing was changed');
    expect((await job(10)).updatedAt).toBe(before.updatedAt);
  });
});

describe('jobs edit: the checks of jobs update, the confirmation and exit codes of jobs apply', () => {
  /** A job of its own for each test, in Information Technology (1). */
  const fresh = async (): Promise<number> => {
    const res = await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_full', body: validJob({ industryId: 1 }) });
    expect(res.status, res.text).toBe(201);
    return (res.body as { id: number }).id;
  };

  it('checks a changed industry before asking: the editor opens again naming the fields to change with it; nothing sent', async () => {
    const id = await fresh();
    const before = await job(id);
    const { e, prompter, result } = edit(id, [{ replace: [['industry: Information Technology', 'industry: Healthcare']] }, { write: '' }], []);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone(); // not asked: the change was refused first
    expect(e.runs()).toBe(2);
    expect(e.seen(1)).toMatch(/^# ---- The last edit could not be sent: ----\n# invalid industryId; no update was sent\n# {3}- industryId: moves job \d+ from industry 1 to industry \d+, and its job function and employer type belong to an industry: give --job-function and --employer-type too/);
    expect(e.seen(1)).toMatch(/^industry: Healthcare$/m); // the text kept
    expect((await job(id)).updatedAt).toBe(before.updatedAt);
  });

  it('tells every problem in one round, before asking, then asks once and sends the fixed text', async () => {
    const id = await fresh();
    const before = await job(id);
    const { e, prompter, result } = edit(id, [
      { replace: [['industry: Information Technology', 'industry: Informaton Technology'], ['\ncurrency:', '\ncurrency: euro\n#']] },
      { replace: [['industry: Informaton Technology', 'industry: Information Technology'], ['currency: euro', 'currency: EUR']] },
    ]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone(); // one question, for the text that passed the checks
    expect(e.runs()).toBe(2);
    expect(e.seen(1)).toContain('currency: must be an ISO 4217 code such as USD or EUR');
    expect(e.seen(1)).toContain('no industry named "Informaton Technology"; did you mean "Information Technology"?');
    expect(await job(id)).toMatchObject({ currency: 'EUR', industryId: before.industryId });
  });

  it('without a terminal, refuses to send without --yes (exit 2, nothing sent, the text kept); with --yes it sends', async () => {
    const id = await fresh();
    const before = await job(id);
    const e = editor([{ replace: [[`title: ${before.title}`, 'title: Sent Only With Yes']] }]);
    const env = { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined, ...e.env };
    const r = await runCli(['jobs', 'edit', String(id), '--base-url', sandbox.current.baseUrl], { tty: false, env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`nothing was sent to job ${id}`);
    expect(r.stderr).toMatch(/^hint: pass --yes to send the changes without asking/m);
    const kept = /your text is kept in (\S+\.txt)/.exec(r.stderr)?.[1];
    expect(readFileSync(kept!, 'utf8')).toMatch(/^title: Sent Only With Yes$/m);
    rmSync(dirname(kept!), { recursive: true, force: true });
    expect((await job(id)).updatedAt).toBe(before.updatedAt);

    const yes = await runCli(['jobs', 'edit', String(id), '--base-url', sandbox.current.baseUrl, '--yes'], {
      tty: false,
      env: { ...env, ...editor([{ replace: [[`title: ${before.title}`, 'title: Sent Only With Yes']] }]).env },
    });
    expect(yes.code, yes.stderr).toBe(0);
    expect((await job(id)).title).toBe('Sent Only With Yes');
  });
});

describe('the edit file', () => {
  it('reads values, blocks and comments', () => {
    const values = parseEditText('# a comment\ntitle: A title\nskills: SQL, Go\n\nqualifications:\n\ndescription:\nFirst line.\n\n# not a comment in a block\nLast line.\n\n');
    expect(values.get('title')).toBe('A title');
    expect(values.get('skills')).toBe('SQL, Go');
    expect(values.get('qualifications')).toBe('');
    expect(values.get('description')).toBe('First line.\n\n# not a comment in a block\nLast line.');
  });

  it('names the line of a field it does not know, or one given twice', () => {
    expect(() => parseEditText('title: a\nfoo: b\n')).toThrow(/line 2: "foo" is not a field of this file/);
    expect(() => parseEditText('title: a\ntitle: b\n')).toThrow(/line 2: title is given twice/);
  });

  it('holds every field that has a value flag, in the registry', () => {
    expect(EDIT_FIELDS.map((f) => f.key)).toEqual(expect.arrayContaining(['title', 'description', 'job-function', 'salary-min', 'skills', 'job-code']));
  });
});
