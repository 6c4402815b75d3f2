// `recruit jobs edit <id>` when someone else changes the job while it is being edited: the job is
// read again before anything is sent; a field both changed is a conflict (both values shown, the
// user's text kept, the editor opened again or nothing sent), a field only they changed is left
// as they made it. The other person is a PATCH over HTTP from the test editor while it is open
// (test/helpers/editor-script.cjs), or from the confirmation prompt; all against the sandbox.
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FakePrompter, type Expectation } from '../helpers/fake-prompter.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { scriptedEditor, type EditStep } from '../helpers/scripted-editor.js';
import { rebase } from '../../src/commands/jobs/edit/changes.js';
import { EDIT_FIELDS } from '../../src/commands/jobs/edit/edit-text.js';

const sandbox = useSandbox();
const TOKEN = 'sbx_direct_full';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const job = async (id: number): Promise<Record<string, any>> => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: TOKEN })).body;

/** A job of its own for each test, titled `title`. */
async function fresh(title: string): Promise<number> {
  const res = await call(sandbox.current, 'POST', '/v1/jobs', { token: TOKEN, body: validJob({ title }) });
  expect(res.status, res.text).toBe(201);
  return (res.body as { id: number }).id;
}

/** Another person's change of job `id`, made from the editor while it is open. */
const theirs = (id: number, body: Record<string, unknown>): EditStep['other'] => ({ url: `${sandbox.current.origin}/v1/jobs/${id}`, token: TOKEN, body });

const patchAsThem = async (id: number, body: Record<string, unknown>) => {
  const res = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}`, { token: TOKEN, body });
  expect(res.status, res.text).toBe(200);
};

const confirm = (id: number, extra: Partial<Expectation> = {}): Expectation => ({ kind: 'confirm', message: `Send these changes to job ${id}?`, answer: true, ...extra }) as Expectation;
const conflictChoice = (pick: 'Open the editor again' | 'Abort'): Expectation => ({ kind: 'select', message: /changed on the service while you edited it/, pick });

function edit(id: number, steps: EditStep[], prompts: Expectation[], options: { tty?: boolean; extra?: string[] } = {}) {
  const editor = scriptedEditor(steps);
  const prompter = new FakePrompter(prompts);
  const result = runCli(['jobs', 'edit', String(id), '--base-url', sandbox.current.baseUrl, ...(options.extra ?? [])], {
    tty: options.tty ?? true,
    prompter,
    env: { RECRUIT_TOKEN: TOKEN, NO_COLOR: '1', CI: undefined, ...editor.env },
  });
  return { editor, prompter, result };
}

/** The file the command says it kept the user's text in; removed once read. */
function keptText(stderr: string): string {
  const path = /your text is kept in (\S+\.txt)/.exec(stderr)?.[1];
  expect(path, stderr).toBeDefined();
  const text = readFileSync(path!, 'utf8');
  rmSync(dirname(path!), { recursive: true, force: true });
  return text;
}

describe('jobs edit: a field changed on the service while the editor was open', () => {
  it('shows both titles; "open the editor again" gives the user their text back, and its save sends it', async () => {
    const id = await fresh('Original Title');
    const { editor, prompter, result } = edit(
      id,
      [{ other: theirs(id, { title: 'Their Title' }), replace: [['title: Original Title', 'title: My Title']] }, { keep: true }],
      [conflictChoice('Open the editor again'), confirm(id)],
    );
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toContain('title: theirs now "Their Title", yours "My Title" (was "Original Title")');
    // The editor again: the user's title, the conflict on top, the job as it is now everywhere else.
    expect(editor.runs()).toBe(2);
    const again = editor.seen(1);
    expect(again).toMatch(/^# ---- Changed on the service while you edited it: ----\n# title: theirs now "Their Title", yours "My Title"/);
    expect(again).toMatch(/^title: My Title$/m);
    expect(again).toContain('# Empty the file to change nothing.');
    // The confirmation's "before" is the title as it is now, not the one the editor first showed.
    expect(r.stderr).toContain('title: "Their Title" → "My Title"');
    expect((await job(id)).title).toBe('My Title');
  });

  it('sends nothing on "abort", exits 4 and keeps the user\'s text in a file it names', async () => {
    const id = await fresh('Original Title');
    const { prompter, result } = edit(id, [{ other: theirs(id, { title: 'Their Title' }), replace: [['title: Original Title', 'title: My Title']] }], [conflictChoice('Abort')]);
    const r = await result;
    expect(r.code, r.stderr).toBe(4);
    prompter.assertDone();
    expect(r.stderr).toContain('nothing was sent');
    expect(keptText(r.stderr)).toMatch(/^title: My Title$/m);
    expect((await job(id)).title).toBe('Their Title');
  });

  it('leaves a field only they changed as they made it, sends only the user\'s field, and says what changed meanwhile', async () => {
    const id = await fresh('Original Title');
    const before = await job(id);
    const { prompter, result } = edit(id, [{ other: theirs(id, { title: 'Their Title', experience: 9 }), replace: [['\nword0 ', '\nedited0 ']] }], [confirm(id)]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toMatch(/Changed on the service since the editor opened, kept as it is now:\n {2}title: "Original Title" → "Their Title"\n {2}experience: \(none\) → "9"/);
    expect(r.stderr).toMatch(/Changes:\n {2}description: "word0 word1 /);
    const after = await job(id);
    expect(after).toMatchObject({ title: 'Their Title', experience: 9, location: before.location });
    expect(after.description).toBe(String(before.description).replace(/^word0 /, 'edited0 '));
  });

  it('finds a change made while the confirmation was asked: the job is read again right before the PATCH', async () => {
    const id = await fresh('Original Title');
    const { prompter, result } = edit(
      id,
      [{ replace: [['title: Original Title', 'title: My Title']] }],
      [confirm(id, { before: () => patchAsThem(id, { title: 'Late Title' }) }), conflictChoice('Abort')],
    );
    const r = await result;
    expect(r.code, r.stderr).toBe(4);
    prompter.assertDone();
    expect(r.stderr).toContain('title: theirs now "Late Title", yours "My Title"');
    expect(keptText(r.stderr)).toMatch(/^title: My Title$/m);
    expect((await job(id)).title).toBe('Late Title');
  });
});

describe('jobs edit: a conflict where nothing can be asked', () => {
  for (const [name, tty, extra] of [
    ['without a terminal', false, []],
    ['with --yes', true, ['--yes']],
  ] as const) {
    it(`${name}: exit 4 naming the field and both values, nothing sent, the text kept`, async () => {
      const id = await fresh('Original Title');
      const { prompter, result } = edit(id, [{ other: theirs(id, { title: 'Their Title' }), replace: [['title: Original Title', 'title: My Title']] }], [], { tty, extra: [...extra] });
      const r = await result;
      expect(r.code, r.stderr).toBe(4);
      prompter.assertDone();
      expect(r.stderr).toContain(`error: job ${id} was changed on the service while you edited it, in a field you changed too; nothing was sent`);
      expect(r.stderr).toContain('  - title: theirs now "Their Title", yours "My Title" (was "Original Title")');
      expect(keptText(r.stderr)).toMatch(/^title: My Title$/m);
      expect((await job(id)).title).toBe('Their Title');
    });
  }

  it('with --json, the error names the field and both values as its details', async () => {
    const id = await fresh('Original Title');
    const { result } = edit(id, [{ other: theirs(id, { title: 'Their Title' }), replace: [['title: Original Title', 'title: My Title']] }], [], { tty: false, extra: ['--json'] });
    const r = await result;
    expect(r.code).toBe(4);
    const error = JSON.parse(r.stderr.trim().split('\n').at(-1)!).error as { code: string; message: string; details: Array<{ field: string; message: string }> };
    expect(error.code).toBe('edit_conflict');
    expect(error.details).toEqual([{ field: 'title', message: expect.stringContaining('theirs now "Their Title", yours "My Title"') }]);
    expect(keptText(error.message)).toMatch(/^title: My Title$/m);
    expect((await job(id)).title).toBe('Their Title');
  });
});

describe('the changes set against the job now', () => {
  const field = (key: string) => EDIT_FIELDS.find((f) => f.key === key)!;
  const original = new Map([['title', 'Original'], ['location', 'Austin, TX, USA'], ['experience', '']]);

  it('takes a change someone else made the same as the user for no conflict, with nothing to send for it', () => {
    const now = new Map([...original, ['title', 'Same']]);
    const sorted = rebase([{ field: field('title'), before: 'Original', after: 'Same' }], [field('title')], original, now);
    expect(sorted).toEqual({ changes: [], conflicts: [], theirs: [] });
  });

  it('keeps a change of a field nobody else changed, names the fields only they changed, and a conflict with its three values', () => {
    const now = new Map([...original, ['title', 'Theirs'], ['experience', '9']]);
    const sorted = rebase(
      [
        { field: field('title'), before: 'Original', after: 'Mine' },
        { field: field('location'), before: 'Austin, TX, USA', after: 'Lisbon, Portugal' },
      ],
      [field('title'), field('experience')],
      original,
      now,
    );
    expect(sorted.conflicts).toEqual([{ field: field('title'), was: 'Original', theirs: 'Theirs', yours: 'Mine' }]);
    expect(sorted.changes).toEqual([{ field: field('location'), before: 'Austin, TX, USA', after: 'Lisbon, Portugal' }]);
    expect(sorted.theirs).toEqual([{ field: field('experience'), was: '', now: '9' }]);
  });
});
