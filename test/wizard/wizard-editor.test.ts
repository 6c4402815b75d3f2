// The description step opens the user's editor on `:e` (here a script named by EDITOR that writes
// the file, test/helpers/editor-script.cjs): the text typed so far goes to the editor, its text comes
// back as the answer, the word count still applies, and an emptied file keeps the answer as it was.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context/context.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { call, useSandbox, words } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, createdId, DESCRIPTION, review } from './scripts.js';
import { wizardContext } from './wizard-context.js';

const sandbox = useSandbox();
const contexts: Context[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.dispose();
});

const SCRIPT = fileURLToPath(new URL('../helpers/editor-script.cjs', import.meta.url));
type EditStep = { write?: string; keep?: true; fail?: number };

/** A wizard whose EDITOR is the script, taking `steps` one per start. */
function setup(steps: EditStep[]) {
  const w = wizardContext(sandbox.current);
  contexts.push(w.ctx);
  const stepsFile = join(mkdtempSync(join(tmpdir(), 'recruit-editor-')), 'steps.json');
  writeFileSync(stepsFile, JSON.stringify(steps));
  Object.assign(w.ctx.env, { EDITOR: `"${process.execPath}" "${SCRIPT}"`, VISUAL: '', EDIT_STEPS: stepsFile });
  return {
    ...w,
    seen: (n: number) => readFileSync(`${stepsFile}.seen-${n}`, 'utf8'),
    runs: () => (existsSync(`${stepsFile}.count`) ? Number(readFileSync(`${stepsFile}.count`, 'utf8')) : 0),
  };
}

const start = (title: string) => [...classification(), { kind: 'input' as const, message: 'Job title', answer: title }];
const rest = [{ kind: 'input' as const, message: 'Location', answer: 'Austin, TX, USA' }, review('Submit')];
const description = async (stdout: string) => (await call(sandbox.current, 'GET', `/v1/jobs/${createdId(stdout)}`)).body.description;

describe('the description in the editor', () => {
  it('says `:e` in the hint, and takes the text the editor wrote as the answer, with no further prompt', async () => {
    const w = setup([{ write: `${DESCRIPTION}\n\n` }]);
    const prompter = new FakePrompter([...start('Edited Description'), { kind: 'multiline', message: 'Description', answer: ':e' }, ...rest]);
    await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(prompter.seen.find((s) => s.message === 'Description')!.hint).toContain('`:e` on a line opens your editor');
    expect(w.seen(0)).toBe('');
    expect(w.stderr.text).toContain('Description from the editor: 120/100 words');
    expect(await description(w.stdout.text)).toBe(DESCRIPTION);
  });

  it('hands the typed lines to the editor; a short text is refused with its count and the prompt comes back; an emptied file keeps the text', async () => {
    const short = words(50, 'short');
    const w = setup([{ write: short }, { write: '' }]);
    const prompter = new FakePrompter([
      ...start('Short Then Long'),
      { kind: 'multiline', message: 'Description', answer: 'First line typed\nsecond line\n:e' },
      // The prompt again, holding the editor's text: `:e` opens it once more; emptied, the text stays.
      { kind: 'multiline', message: 'Description', answer: ':e' },
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      ...rest,
    ]);
    await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(w.seen(0)).toBe('First line typed\nsecond line');
    expect(w.seen(1)).toBe(short);
    expect(w.stderr.text.match(/50\/100 words: a description needs at least 100 words/g)).toHaveLength(2);
    expect(w.stderr.text).toContain('The editor left the description empty: it is kept as it was.');
    expect(await description(w.stdout.text)).toBe(DESCRIPTION);
  });

  it('from the review: an emptied file keeps the answer as it was; an editor that fails is said, and the prompt comes back', async () => {
    const w = setup([{ fail: 3 }, { write: '' }]);
    const prompter = new FakePrompter([
      ...start('Kept Description'),
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      ...rest.slice(0, 1),
      review('Edit a field'),
      { kind: 'select', message: 'Edit which field?', pick: 'Description' },
      { kind: 'multiline', message: 'Description', answer: ':e' },
      { kind: 'multiline', message: 'Description', answer: ':e' },
      review('Submit'),
    ]);
    await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(w.runs()).toBe(2);
    expect(w.stderr.text.replace(/\s+/g, ' ')).toMatch(/the editor ".*" ended with exit 3/);
    expect(w.seen(1)).toBe(DESCRIPTION);
    expect(await description(w.stdout.text)).toBe(DESCRIPTION);
  });
});
