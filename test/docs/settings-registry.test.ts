// The settings registry (src/config/registry.ts) is the one place a setting is described: the keys
// of `config get/set/list`, the lines of `recruit help environment`, the flags on the command tree
// and the table of docs/reference/settings.md all agree with it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GET_KEYS } from '../../src/config/keys.js';
import { environmentLines, SETTINGS, setting, whereOf, type Setting } from '../../src/config/registry.js';
import { runCli } from '../helpers/cli.js';
import { leafCommands } from '../helpers/command-line.js';

const entries: readonly Setting[] = SETTINGS;
const page = readFileSync(new URL('../../docs/reference/settings.md', import.meta.url), 'utf8');

describe('the settings registry', () => {
  it('config get and set know its configurable keys, in its order; config list shows every key, the token last', async () => {
    expect(GET_KEYS).toEqual(entries.filter((s) => s.configurable).map((s) => s.key));
    const list = await runCli(['config', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(Object.keys(JSON.parse(list.stdout))).toEqual([...entries.filter((s) => s.key !== 'token').map((s) => s.key), 'token']);
    const unknown = await runCli(['config', 'get', 'colour']);
    expect(unknown.stderr).toContain(`valid keys: ${GET_KEYS.join(', ')}`);
  });

  it('recruit help environment prints each entry\'s lines, the settings first, then the network', async () => {
    const help = await runCli(['help', 'environment']);
    expect(help.code).toBe(0);
    for (const s of entries) {
      expect(s.help.lines.length, s.key).toBeGreaterThan(0);
      for (const [variable] of s.help.lines) expect(help.stdout).toMatch(new RegExp(`^ {2}${variable} +\\S`, 'm'));
    }
    expect(help.stdout).toContain(environmentLines('settings'));
    expect(help.stdout).toContain(`Network (as curl, npm and gh read them; lowercase wins over uppercase):\n${environmentLines('network')}`);
    expect(environmentLines('settings')).toMatch(/^ {2}RECRUIT_PROFILE {10}the profile of the config file to use \(--profile\)\n/);
    expect(environmentLines('settings')).toContain('or\n                           a name such as windows-1250 (--encoding)\n');
  });

  it("each entry's flag is an option of the program or of a command", () => {
    const leaves = [...leafCommands().values()];
    const program = leaves[0]!.parent!;
    let root = program;
    while (root.parent) root = root.parent;
    const flags = new Set([...root.options, ...leaves.flatMap((c) => c.options)].map((o) => o.long));
    for (const s of entries.filter((e) => e.flag !== undefined)) expect(flags, s.key).toContain(s.flag);
  });

  it('messages name the source by the entry: its flag, its variable, or the profile', () => {
    expect(whereOf('concurrency', 'flag', 'work')).toBe('--concurrency');
    expect(whereOf('concurrency', 'env', 'work')).toBe('RECRUIT_CONCURRENCY');
    expect(whereOf('active-job-limit', 'profile', 'work')).toBe('active-job-limit in profile "work"');
    expect(setting('proxy').env).toBe('HTTPS_PROXY');
  });

  it('docs/reference/settings.md has a row for each entry with its flag and its variable', () => {
    const rows = page.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| setting ')).map((l) => l.split(' | ').map((c) => c.replace(/^\| /, '')));
    for (const s of entries) {
      const row = rows.find((cells) => cells[0]!.split(', ').includes(s.key));
      expect(row, s.key).toBeDefined();
      const [, flag, env] = row!;
      if (s.flag) expect(flag, s.key).toContain(`\`${s.flag}\``);
      else expect(flag, s.key).toMatch(/^\(none/);
      expect(env, s.key).toContain(`\`${s.env}\``);
    }
  });
});
