// What a command is (paged, its JSON fields, whether it changes something, whether it runs until
// stopped) is declared in its own folder and attached to its command (commands/define.ts, Traits):
// found here through each command object of the whole tree, never by its name. A command the rest
// of the code has never heard of is paged and has its fields checked from its traits alone.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { traitsOf, withTraits, type Traits } from '../../src/commands/define.js';
import { JOB_JSON_FIELDS } from '../../src/domain/job-json-fields.js';
import { LOOKUP_TABLE } from '../../src/domain/lookup-kinds.js';
import { knownJsonFields } from '../../src/entry/json-argument.js';
import { changesSomething, jsonFieldsOf } from '../../src/entry/shaped-action.js';
import { runCli } from '../helpers/cli.js';

const temp = mkdtempSync(join(tmpdir(), 'recruit-traits-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
import { buildProgram, COMMAND_TRAITS, lazyActions } from '../../src/program.js';
import { Capture } from '../helpers/cli.js';
import { leafCommands } from '../helpers/command-line.js';

const leaves = leafCommands();
const traits = (path: string): Traits => {
  const command = leaves.get(path);
  if (!command) throw new Error(`no command ${path}`);
  return traitsOf(command);
};
const pathsWhere = (has: (t: Traits) => boolean): string[] => [...leaves.keys()].filter((path) => has(traits(path))).sort();

describe('each command tells its traits through its own command object', () => {
  it('the paged ones', () => {
    expect(pathsWhere((t) => t.paged === true)).toEqual(['config list', 'jobs drafts', 'jobs get', 'jobs list', 'jobs pending', 'lookup']);
  });

  it('the ones whose JSON has fixed fields', () => {
    expect(pathsWhere((t) => t.jsonFields !== undefined)).toEqual(['jobs get', 'jobs list', 'jobs wait', 'lookup', 'sandbox approve', 'sandbox reject', 'sandbox tokens']);
    for (const path of ['jobs get', 'jobs list', 'jobs wait', 'sandbox approve', 'sandbox reject']) expect(jsonFieldsOf(traits(path), ['3', {}]), path).toEqual(JOB_JSON_FIELDS);
    expect(jsonFieldsOf(traits('sandbox tokens'), [{}])).toEqual(['token', 'account', 'permissions']);
  });

  it("lookup's fields are its kind's; job-options has none fixed", () => {
    expect(jsonFieldsOf(traits('lookup'), ['industries', {}])).toEqual(['id', 'name']);
    expect(jsonFieldsOf(traits('lookup'), ['customers', {}])).toEqual(['id', 'name', 'city', 'country']);
    expect(jsonFieldsOf(traits('lookup'), ['job-options', {}])).toBeUndefined();
  });

  it('the ones that change something on the service, and the ones that run until stopped', () => {
    expect(pathsWhere((t) => t.changes === true)).toEqual(['jobs apply', 'jobs create', 'jobs edit', 'jobs status', 'jobs update', 'sandbox approve', 'sandbox reject']);
    expect(pathsWhere((t) => typeof t.changes === 'function')).toEqual(['api']);
    expect(changesSomething(traits('api'), ['/jobs/3', { method: 'delete' }])).toBe(true);
    expect(changesSomething(traits('api'), ['/jobs/3', {}])).toBe(false);
    expect(pathsWhere((t) => t.runsUntilStopped === true)).toEqual(['mcp', 'sandbox serve']);
  });

  it('every traits object in the tree is gathered by program.ts, and each gathered one is some command\'s', () => {
    const inTree = [...leaves.values()].map((c) => traitsOf(c)).filter((t) => Object.keys(t).length > 0);
    expect(inTree.filter((t) => !COMMAND_TRAITS.includes(t))).toEqual([]);
    expect(COMMAND_TRAITS.filter((t) => !inTree.includes(t))).toEqual([]);
  });

  it('settling a spaced --json knows every field of every command, whatever its arguments', () => {
    const known = knownJsonFields(COMMAND_TRAITS);
    const fields = [...leaves.values()].flatMap((c) => [undefined, ...LOOKUP_TABLE.map((r) => r.kind)].flatMap((kind) => jsonFieldsOf(traitsOf(c), [kind]) ?? []));
    expect(fields.length).toBeGreaterThan(JOB_JSON_FIELDS.length);
    expect(fields.filter((f) => !known.has(f))).toEqual([]);
  });
});

const RECORDER = fileURLToPath(new URL('../helpers/pager-recorder.cjs', import.meta.url));

describe('a command nobody else knows of, declared with traits of its own', () => {
  /** The whole tree with `made-up` added to it as a command folder's command.ts would: its traits attached, its action lazy. */
  async function madeUp(argv: string[], tty = false, env: NodeJS.ProcessEnv = {}) {
    const io = { stdin: process.stdin, stdout: new Capture(tty), stderr: new Capture(tty) };
    const environment = { ...process.env, RECRUIT_TOKEN: 'sbx_direct_full', CI: undefined, NO_COLOR: '1', RECRUIT_PAGER: undefined, PAGER: undefined, ...env };
    const program = buildProgram(io, environment);
    let ran = false;
    withTraits(program.command('made-up'), { paged: true, jsonFields: ['alpha', 'beta'] }).action(
      lazyActions(io, environment)(async () => ({
        default: async (ctx) => {
          ran = true;
          ctx.io.stdout.write(ctx.globals.json ? '{"alpha":1,"beta":2}\n' : 'a long text\n');
        },
      })),
    );
    const code = await program.parseAsync(argv, { from: 'user' }).then(
      () => 0,
      (error: unknown) => (error as { exitCode?: number }).exitCode ?? 1,
    );
    return { code, ran, stdout: io.stdout.text, stderr: io.stderr.text };
  }

  it('--json= lists its fields, and --json <fields> is checked against them before it runs', async () => {
    expect(await madeUp(['made-up', '--json='])).toMatchObject({ code: 0, ran: false, stdout: 'alpha\nbeta\n' });
    const refused = await madeUp(['made-up', '--json=alpha,gamma']);
    expect(refused).toMatchObject({ code: 2, ran: false });
    expect(await madeUp(['made-up', '--json=beta'])).toMatchObject({ code: 0, ran: true, stdout: '{\n  "beta": 2\n}\n' });
  });

  it('pages on a terminal', async () => {
    const seen = join(temp, 'seen.json');
    const result = await madeUp(['made-up'], true, { RECRUIT_PAGER: `"${process.execPath}" "${RECORDER}" "${seen}"` });
    expect(result).toMatchObject({ code: 0, ran: true });
    expect(existsSync(seen) && (JSON.parse(readFileSync(seen, 'utf8')) as { input: string }).input).toBe('a long text\n');
  });
});

describe('a command that runs until stopped', () => {
  it('recruit mcp refuses --jq and --json <fields> before it serves: its stdout is the protocol', async () => {
    for (const shaping of [['--jq', '.'], ['--json=id']]) {
      const result = await runCli([...shaping, 'mcp', '--sandbox'], { env: { RECRUIT_STATE_DIR: join(temp, 'state') } });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('`recruit mcp` runs until it is stopped');
      expect(result.stdout).toBe('');
    }
  });
});
