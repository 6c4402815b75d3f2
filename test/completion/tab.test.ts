// What Tab offers in each real shell with the committed scripts: commands, subcommands, flags,
// lookup kinds, statuses and ids from the cache that earlier commands filled. bash always runs; zsh
// and fish run when installed (.ci/run installs them) and otherwise skip, saying why.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rememberForCompletion } from '../../src/completion/cache.js';
import type { Shell } from '../../src/completion/shells.js';
import { LOOKUP_KINDS } from '../../src/commands/lookup/kinds.js';
import { buildProgram } from '../../src/program.js';
import { Capture, runCli } from '../helpers/cli.js';
import { complete, tripwire, unavailable } from './shells.js';

const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `recruit-${name}-`));

/** A state directory after `lookup industries`, `lookup job-options` and `jobs list` on the sandbox, on a terminal. */
let filled: string;
beforeAll(async () => {
  filled = tempDir('filled');
  for (const args of [['lookup', 'industries'], ['lookup', 'job-options'], ['jobs', 'list']]) {
    const result = await runCli(['--sandbox', ...args], { env: { RECRUIT_STATE_DIR: filled }, tty: true });
    expect(result.code, result.stderr).toBe(0);
  }
}, 60_000);

const program = buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});
const namesOf = (path: string[]) => {
  let cmd = program;
  for (const name of path) cmd = cmd.commands.find((c) => c.name() === name)!;
  // Hidden commands (`version`, gh's habits) are not offered.
  return [...new Set([...cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map((c) => c.name()), 'help'])];
};

const SHELLS: Shell[] = ['bash', 'zsh', 'fish'];

for (const shell of SHELLS) {
  const missing = shell === 'bash' ? undefined : unavailable(shell);
  if (missing) console.warn(`completion tests for ${shell} skipped: ${missing}`);

  // Each case starts the shell a few times; zsh through a pseudo-terminal takes a while on a busy machine.
  describe.skipIf(missing !== undefined)(missing ? `${shell} (skipped: ${missing})` : shell, { timeout: 60_000 }, () => {
    const tab = (line: string, env: Record<string, string> = { RECRUIT_STATE_DIR: filled }) => {
      const result = complete(shell, line, { env });
      expect(result.stderr).toBe('');
      return result;
    };

    it('offers the top-level commands, with descriptions where the shell shows them', () => {
      const { values, offers } = tab('recruit ');
      expect(values.sort()).toEqual(namesOf([]).sort());
      expect(offers.find((o) => o.value === 'jobs')?.description).toMatch(/jobs/);
    });

    it('offers the jobs subcommands, and completes a started one', () => {
      expect(tab('recruit jobs ').values.sort()).toEqual(['apply', 'create', 'drafts', 'edit', 'get', 'help', 'list', 'pending', 'status', 'update', 'wait']);
      expect(tab('recruit jobs st').values).toEqual(['status']);
      expect(tab('recruit --json jobs li').values).toEqual(['list']);
    });

    it("offers a job's fields after --json=, and jobs wait's targets", () => {
      // fish's generated script completes values of options that require one only (src/completion/fish.ts).
      if (shell !== 'fish') {
        const fields = tab('recruit jobs get 3 --json=st').values.map((v) => v.replace(/^--json=/, ''));
        expect(fields).toEqual(expect.arrayContaining(['status', 'statusLabel']));
      }
      expect(tab('recruit jobs wait 3 --until ').values.sort()).toEqual(['active', 'approved']);
    });

    it('offers the flags of jobs update and the global ones, not those of jobs create', () => {
      const { values } = tab('recruit jobs update 3 --');
      expect(values).toEqual(expect.arrayContaining(['--title', '--industry', '--set', '--file', '--no-publish-free-boards', '--json', '--sandbox']));
      expect(values).not.toContain('--restart');
      expect(values).not.toContain('--version');
      expect(tab('recruit jobs update 3 --no-pub').values.sort()).toEqual(['--no-publish-career-page', '--no-publish-free-boards']);
    });

    it('offers the lookup kinds and the shells', () => {
      expect(tab('recruit lookup ').values.sort()).toEqual([...LOOKUP_KINDS].sort());
      expect(tab('recruit lookup emp').values).toEqual(['employer-types']);
      expect(tab('recruit completion ').values.sort()).toEqual(['bash', 'fish', 'zsh']);
    });

    it('offers the help topics with their summaries after `help`', async () => {
      const { HELP_TOPICS } = await import('../../src/commands/help/topic-index.js');
      const { values, offers } = tab('recruit help ');
      expect(values.sort()).toEqual([...HELP_TOPICS.map((t) => t.name), 'reference'].sort());
      expect(values).toEqual(expect.arrayContaining(['environment', 'exit-codes', 'formats']));
      expect(offers.find((o) => o.value === 'exit-codes')?.description).toBe('what each exit code means');
      expect(tab('recruit help fo').values).toEqual(['formats']);
      expect(tab('recruit --sandbox help ex').values).toEqual(['exit-codes']);
    });

    it('offers the sandbox accounts after --sandbox-account', () => {
      expect(tab('recruit --sandbox --sandbox-account ').values.sort()).toEqual(['approval', 'direct', 'staffing']);
      expect(tab('recruit --sandbox jobs list --sandbox-account ap').values).toEqual(['approval']);
    });

    it('offers the settable status labels and codes after `jobs status 3`', () => {
      const { values, offers } = tab('recruit jobs status 3 ');
      expect(values.sort()).toEqual(['1', '2', '4', '5', 'closed', 'in-progress', 'new', 'rejected']);
      expect(offers.find((o) => o.value === 'in-progress')?.description).toBe('In Progress (5)');
      expect(tab('recruit jobs status 3 in').values).toEqual(['in-progress']);
    });

    it('offers every status for jobs list --status, also after --status=', () => {
      expect(tab('recruit jobs list --status ').values).toEqual(expect.arrayContaining(['pending-approval', '3', 'in-progress']));
      const inline = tab('recruit jobs list --status=pen').values;
      expect(inline.map((v) => v.replace(/^--status=/, ''))).toEqual(['pending-approval']);
    });

    it('offers the industry ids that `lookup industries` fetched, with their names', () => {
      const { offers } = tab('recruit jobs create --industry ');
      expect(offers.map((o) => o.value)).toEqual(expect.arrayContaining(['1', '2', '10']));
      expect(offers.filter((o) => /^\d+$/.test(o.value))).toHaveLength(10); // page 1 of the seeded 20
      expect(offers.find((o) => o.value === '1')?.description).toBe('Information Technology');
      // Names are values too, multi-word ones quoted as the shell inserts them (fish quotes them itself).
      expect(tab('recruit jobs create --industry Hea').values).toEqual(['Healthcare']);
      const unquoted = tab('recruit jobs create --industry Inform').values.map((v) => (shell === 'fish' ? v : v.replace(/\\ /g, ' ')));
      expect(unquoted).toEqual(['Information Technology']);
      if (shell !== 'fish') expect(tab('recruit jobs create --industry Inform').values).toEqual(['Information\\ Technology']);
      expect(tab('recruit lookup functions --industry 1').values.sort()).toEqual(['1', '10']);
    });

    it('offers the recent job ids from `jobs list` for jobs get', () => {
      const { offers } = tab('recruit jobs get ');
      expect(offers.map((o) => o.value)).toEqual(expect.arrayContaining(['12', '3']));
      expect(offers.find((o) => o.value === '3')?.description).toBe('Data Engineer (New)');
    });

    it('offers nothing, and says nothing, with an empty cache', () => {
      const empty = { RECRUIT_STATE_DIR: tempDir('empty') };
      for (const line of ['recruit jobs create --industry ', 'recruit jobs status 3 ', 'recruit jobs get ']) {
        const result = tab(line, empty);
        expect(result.values, line).toEqual([]);
        expect(result.status).toBe(0);
      }
      expect(tab('recruit jobs ', empty).values).toContain('update');
    });

    it('ignores a cache that has expired', () => {
      const dir = tempDir('expired');
      const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
      rememberForCompletion({ env: { RECRUIT_STATE_DIR: dir }, now: () => weekAgo }, 'industries', [{ value: '7', description: 'Education' }]);
      expect(tab('recruit jobs create --industry ', { RECRUIT_STATE_DIR: dir }).values).toEqual([]);
      rememberForCompletion({ env: { RECRUIT_STATE_DIR: dir }, now: () => new Date() }, 'industries', [{ value: '7', description: 'Education' }]);
      expect(tab('recruit jobs create --industry ', { RECRUIT_STATE_DIR: dir }).values).toEqual(['7']);
    });

    it('finds the cache where recruit writes it: XDG_STATE_HOME, else ~/.local/state', () => {
      const xdg = tempDir('xdg');
      const now = () => new Date();
      rememberForCompletion({ env: { XDG_STATE_HOME: xdg }, now }, 'customers', [{ value: '31', description: 'Acme' }]);
      expect(complete(shell, 'recruit jobs create --customer ', { env: { XDG_STATE_HOME: xdg } }).values).toEqual(['31']);

      // recruit takes the home directory from HOME (os.homedir), not from the env it is given.
      const home = tempDir('home');
      const savedHome = process.env.HOME;
      process.env.HOME = home;
      try {
        rememberForCompletion({ env: {}, now }, 'customers', [{ value: '32', description: 'Globex' }]);
      } finally {
        process.env.HOME = savedHome;
      }
      expect(complete(shell, 'recruit jobs create --customer ', { home }).values).toEqual(['32']);
    });

    it('never runs recruit or node', () => {
      const wire = tripwire();
      const result = complete(shell, 'recruit jobs create --industry ', { env: { RECRUIT_STATE_DIR: filled }, bin: wire.bin });
      expect(result.values).toContain('1');
      complete(shell, 'recruit jobs status 3 ', { env: { RECRUIT_STATE_DIR: filled }, bin: wire.bin });
      expect(wire.tripped()).toBe(false);
    });
  });
}
