// The scripts come from the command tree: the committed ones are what the generator writes today,
// `recruit completion <shell>` prints them, and a command or flag added to the program shows up on
// Tab without touching the completion code.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../src/completion/generate.js';
import { completionModel, allCommands } from '../../src/completion/model.js';
import { SHELLS, type Shell } from '../../src/completion/shells.js';
import { ARGUMENT_VALUES, OPTION_VALUES } from '../../src/completion/values.js';
import { buildProgram } from '../../src/program.js';
import { Capture, runCli } from '../helpers/cli.js';
import { COMPLETIONS, SCRIPT_NAME, complete, unavailable } from './shells.js';

const newProgram = (): Command => buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});

describe('the committed scripts', () => {
  it.each(SHELLS)('completions/ holds what `recruit completion %s` generates', (shell) => {
    const committed = readFileSync(join(COMPLETIONS, SCRIPT_NAME[shell]), 'utf8');
    expect(committed === completionScript(shell, newProgram()), `completions/${SCRIPT_NAME[shell]} is out of date: run \`npm run completions\``).toBe(true);
  });
});

describe('recruit completion <shell>', () => {
  it.each(SHELLS)('prints the %s script on stdout', async (shell) => {
    const result = await runCli(['completion', shell]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(completionScript(shell, newProgram()));
  });

  it('refuses another shell with exit 2, naming the shells it knows', async () => {
    const result = await runCli(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/tcsh/);
    expect(result.stderr).toMatch(/bash, zsh, fish/);
  });

  it('says PowerShell is not supported yet, and which shell a misspelt one meant, in its own words', async () => {
    const powershell = await runCli(['completion', 'powershell']);
    expect(powershell).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: completion for PowerShell is not supported yet; supported shells: bash, zsh, fish\nhint: recruit works in PowerShell as it is; only Tab completion is missing\n',
    });
    expect((await runCli(['completion', 'pwsh'])).stderr).toContain('PowerShell is not supported yet');
    const typo = await runCli(['completion', 'zhs']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('error: no completion script for the shell "zhs"; did you mean "zsh"?\nhint: supported shells: bash, zsh, fish\n');
  });

  it('explains how to install each script in its help', async () => {
    const { stdout } = await runCli(['completion', '--help']);
    expect(stdout).toContain('~/.local/share/bash-completion/completions/recruit');
    expect(stdout).toContain('~/.zfunc/_recruit');
    expect(stdout).toContain('~/.config/fish/completions/recruit.fish');
  });
});

describe('the model read from the program', () => {
  const model = completionModel(newProgram());
  const commands = allCommands(model.root);

  it('knows which options take a value', () => {
    const update = commands.find((c) => c.path.join(' ') === 'recruit jobs update')!;
    const option = (flag: string) => update.options.find((o) => o.long === flag);
    expect(option('--title')?.value).toBe('required');
    expect(option('--no-publish-free-boards')?.value).toBe('none');
    expect(option('--no-publish-free-boards')?.excludes).toEqual(['--publish-free-boards', '--no-publish-free-boards']);
    expect(option('--set')?.repeatable).toBe(true);
    expect(update.args.map((a) => a.name)).toEqual(['jobId']);
    expect(model.globals.map((o) => o.long)).toContain('--sandbox');
    expect(model.globals.map((o) => o.long)).not.toContain('--version');
  });

  // The value table names options and arguments; a rename in program.ts must not leave it behind.
  it('finds every option and argument the value table names', () => {
    const options = new Set([...model.globals, ...commands.flatMap((c) => c.options)].map((o) => o.long?.replace(/^--/, '').replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase())));
    const args = new Set(commands.flatMap((c) => c.args).map((a) => a.name));
    for (const name of Object.keys(OPTION_VALUES)) expect(options, `option ${name}`).toContain(name);
    for (const name of Object.keys(ARGUMENT_VALUES)) expect(args, `argument ${name}`).toContain(name);
  });
});

describe('a command or flag added to the program', () => {
  const scripts = mkdtempSync(join(tmpdir(), 'recruit-scripts-'));
  const program = newProgram();
  program.command('reports').description('made-up reports').command('weekly <jobId>').option('--format <kind>', 'made up').option('--out <file>', 'made up');
  for (const shell of SHELLS) writeFileSync(join(scripts, SCRIPT_NAME[shell]), completionScript(shell, program));

  const shells = SHELLS.filter((s: Shell) => s === 'bash' || unavailable(s) === undefined);
  it.each(shells)('is offered by %s', (shell) => {
    expect(complete(shell, 'recruit rep', { scripts }).values).toEqual(['reports']);
    expect(complete(shell, 'recruit reports ', { scripts }).values).toContain('weekly');
    expect(complete(shell, 'recruit reports weekly 3 --f', { scripts }).values).toEqual(['--format']);
  });
});
