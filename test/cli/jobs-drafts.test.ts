// `recruit jobs drafts --discard <id...>`: drafts deleted outside the wizard, of any account and of
// the earlier single-file format too, only with consent: asked on a terminal (default no), --yes
// without one. An id that names no draft deletes nothing.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DraftStore, LEGACY_DRAFT } from '../../src/wizard/draft.js';
import { BIN, runCli } from '../helpers/cli.js';
import { KEY, PtySession } from '../helpers/pty.js';

const account = (credential: string) => ({ profile: 'default', baseUrl: 'https://api.example.com/v1', credential });

/** A state directory with two drafts of two accounts and one of the earlier format. */
function drafted(): { env: NodeJS.ProcessEnv; store: DraftStore } {
  const stateDir = mkdtempSync(join(tmpdir(), 'recruit-drafts-'));
  const env = { RECRUIT_STATE_DIR: stateDir };
  const store = new DraftStore(env);
  store.save(account('a'.repeat(32)), 'aaaa1111', { title: 'Draft One' }, {}, new Date('2026-11-20T10:00:00Z'));
  store.save(account('b'.repeat(32)), 'bbbb2222', { title: 'Draft Two' }, {}, new Date('2026-11-21T10:00:00Z'));
  mkdirSync(store.dir, { recursive: true });
  writeFileSync(join(store.dir, LEGACY_DRAFT), JSON.stringify({ version: 1, savedAt: '2026-11-01T10:00:00Z', answers: { title: 'Old Draft' } }));
  return { env, store };
}

const titles = (store: DraftStore) => store.all().map((d) => d.answers.title).sort();

describe('jobs drafts', () => {
  it("names an embedded sandbox draft's account as --sandbox-account does, whichever account it is", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'recruit-drafts-'));
    const env = { RECRUIT_STATE_DIR: stateDir, NO_COLOR: '1' };
    const store = new DraftStore(env);
    store.save({ profile: 'sandbox', baseUrl: 'embedded-sandbox', credential: 'c'.repeat(32) }, 'dddd1111', { title: 'Direct Draft' }, {}, new Date('2026-11-20T10:00:00Z'));
    store.save({ profile: 'sandbox', baseUrl: 'embedded-sandbox/approval', credential: 'd'.repeat(32) }, 'eeee2222', { title: 'Approval Draft' }, {}, new Date('2026-11-21T10:00:00Z'));
    const res = await runCli(['jobs', 'drafts'], { env, tty: true, columns: 160 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^ +ID +ACCOUNT +TITLE +NEXT STEP +SAVED$/m);
    expect(res.stdout).toMatch(/^ +dddd1111 +embedded sandbox, direct account +Direct Draft +Industry \(1 of 7\) +2026-11-20 10:00 UTC$/m);
    expect(res.stdout).toMatch(/^ +eeee2222 +embedded sandbox, approval account +Approval Draft +Industry \(1 of 7\) +2026-11-21 10:00 UTC$/m);
  });
});

describe('jobs drafts --discard', () => {
  it('without a terminal needs --yes: exit 2 and nothing deleted', async () => {
    const { env, store } = drafted();
    const res = await runCli(['jobs', 'drafts', '--discard', 'aaaa1111'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('error: discarding 1 draft needs --yes without a terminal; nothing was deleted');
    expect(titles(store)).toEqual(['Draft One', 'Draft Two', 'Old Draft']);
  });

  it('with --yes deletes the drafts named, of any account and the earlier format, and says which', async () => {
    const { env, store } = drafted();
    const res = await runCli(['jobs', 'drafts', '--discard', 'bbbb2222', 'legacy', '--yes'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('Discarded the draft bbbb2222 "Draft Two"\nDiscarded the draft legacy "Old Draft"\n');
    expect(titles(store)).toEqual(['Draft One']);
    expect(existsSync(join(store.dir, LEGACY_DRAFT))).toBe(false);

    const json = await runCli(['jobs', 'drafts', '--discard', 'aaaa1111', '--yes', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ discarded: [{ id: 'aaaa1111', title: 'Draft One' }] });
    expect(titles(store)).toEqual([]);
  });

  it('escapes an id read from a file before it reaches the terminal', async () => {
    const { env, store } = drafted();
    store.save(account('c'.repeat(32)), 'red\u001b[31m', { title: 'Odd Draft' }, {}, new Date('2026-11-22T10:00:00Z'));
    const res = await runCli(['jobs', 'drafts', '--discard', 'red\u001b[31m', '--yes'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).not.toContain('\u001b');
    expect(res.stdout).toBe('Discarded the draft red\\e[31m "Odd Draft"\n');
  });

  it('refuses an id that names no draft, deleting none of the others', async () => {
    const { env, store } = drafted();
    const res = await runCli(['jobs', 'drafts', '--discard', 'aaaa1111', 'nope9999', '--yes'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('error: no draft nope9999; nothing was deleted');
    expect(res.stderr).toContain('hint: `recruit jobs drafts` lists the drafts and their ids');
    expect(titles(store)).toEqual(['Draft One', 'Draft Two', 'Old Draft']);
  });

  it('asks on a terminal, default no: Enter keeps the draft, y deletes it', { timeout: 30_000 }, async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) throw new Error('needs `npm run build` first');
    const { env, store } = drafted();
    const ptyEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NO_COLOR: '1' };
    delete ptyEnv.CI;
    const args = [process.execPath, BIN, 'jobs', 'drafts', '--discard', 'aaaa1111'];
    const kept = new PtySession(args, ptyEnv);
    try {
      await kept.answer('Discard the draft aaaa1111 "Draft One"? Its answers are lost.', KEY.enter);
      await kept.waitFor('nothing deleted (declined)');
      expect(await kept.exited).toBe(0);
    } finally {
      kept.kill();
    }
    expect(titles(store)).toContain('Draft One');
    const gone = new PtySession(args, ptyEnv);
    try {
      await gone.answer('Discard the draft aaaa1111 "Draft One"?', `y${KEY.enter}`);
      await gone.waitFor('Discarded the draft aaaa1111 "Draft One"');
      expect(await gone.exited).toBe(0);
    } finally {
      gone.kill();
    }
    expect(titles(store)).toEqual(['Draft Two', 'Old Draft']);
  });
});
