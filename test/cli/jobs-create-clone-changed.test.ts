// `recruit jobs create --from <id>` on a terminal when the source job is changed while the wizard is
// open (docs/decisions.md, "`jobs edit`: changes made by others meanwhile"): at Submit the source
// is read again; its changed fields are named, and the user keeps the values they reviewed or takes
// the new ones (the fields they changed themselves stay theirs). The other person is a PATCH over
// HTTP made while the review is on the screen; the CLI runs in process against the sandbox.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FakePrompter, type Expectation } from '../helpers/fake-prompter.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { createdId, review } from '../wizard/scripts.js';

const sandbox = useSandbox();
const TOKEN = 'sbx_direct_full';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const job = async (id: number): Promise<Record<string, any>> => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: TOKEN })).body;

async function fresh(title: string): Promise<number> {
  const res = await call(sandbox.current, 'POST', '/v1/jobs', { token: TOKEN, body: validJob({ title, experience: 3 }) });
  expect(res.status, res.text).toBe(201);
  return (res.body as { id: number }).id;
}

/** Another person's change of the source, made while the review is on the screen. */
const patchAsThem = (id: number, body: Record<string, unknown>) => async () => {
  const res = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}`, { token: TOKEN, body });
  expect(res.status, res.text).toBe(200);
};

const sourceChanged = (pick: RegExp): Expectation => ({ kind: 'select', message: /was changed since the clone was read from it/, pick });

function clone(id: number, prompts: Expectation[], flags: string[] = []) {
  const prompter = new FakePrompter(prompts);
  const result = runCli(['jobs', 'create', '--from', String(id), ...flags], {
    tty: true,
    prompter,
    env: { RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: TOKEN, NO_COLOR: '1', CI: undefined },
  });
  return { prompter, result };
}

describe('jobs create --from: the source job changed while the wizard was open', () => {
  it('names what changed at Submit; "take" copies the new values and shows the review again before creating', async () => {
    const id = await fresh('Source Title');
    const { prompter, result } = clone(id, [
      review('Submit', patchAsThem(id, { title: 'Source Title Fixed', experience: 5 })),
      sourceChanged(/^Take job \d+'s new values/),
      review('Submit'),
    ]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toContain(`Job ${id} was changed since the clone was read from it:\n  Title: "Source Title" → "Source Title Fixed"\n  Experience (years): "3" → "5"\n`);
    expect(r.stderr.split('Review the job:').at(-1)).toMatch(/Title +Source Title Fixed\n/);
    const created = await job(createdId(r.stdout));
    expect(created).toMatchObject({ title: 'Source Title Fixed', experience: 5 });
  });

  it('"keep" creates the clone with the values reviewed', async () => {
    const id = await fresh('Source Title');
    const { prompter, result } = clone(id, [review('Submit', patchAsThem(id, { title: 'Source Title Fixed' })), sourceChanged(/^Keep the values you reviewed/)]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect((await job(createdId(r.stdout))).title).toBe('Source Title');
    expect((await job(id)).title).toBe('Source Title Fixed');
  });

  it('keeps a field the user changed in the wizard, and asks nothing when that is all that changed', async () => {
    const id = await fresh('Source Title');
    const { prompter, result } = clone(id, [
      review('Edit a field'),
      { kind: 'select', message: 'Edit which field?', pick: 'Title' },
      { kind: 'input', message: 'Job title', answer: 'My Clone' },
      review('Submit', patchAsThem(id, { title: 'Source Renamed' })),
    ]);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toContain(`Job ${id} was changed since the clone was read from it:\n  Title: "Source Title" → "Source Renamed" (you changed it: yours stays)\n`);
    expect((await job(createdId(r.stdout))).title).toBe('My Clone');
  });

  it('says nothing of a field a flag gave', async () => {
    const id = await fresh('Source Title');
    const { prompter, result } = clone(id, [review('Submit', patchAsThem(id, { title: 'Source Renamed' }))], ['--title', 'Flagged Clone']);
    const r = await result;
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).not.toContain('was changed since the clone was read');
    expect((await job(createdId(r.stdout))).title).toBe('Flagged Clone');
  });
});
