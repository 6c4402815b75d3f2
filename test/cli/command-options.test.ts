// The first of two test layers (as gh's): a command line, parsed by the program as built for it,
// gives the run function these arguments and options (test/helpers/command-line.ts). Every
// command's flags, one at a time, are in test/cli/every-command-flags.test.ts; these are the
// lines of three commands that say more. The action is replaced, so nothing is run and
// nothing is sent; the expected options are checked against each command's options type
// (`satisfies`), so a flag renamed in its flags.ts breaks this file too.
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import type { ApplyOptions } from '../../src/commands/jobs/apply/flags.js';
import type { CreateOptions } from '../../src/commands/jobs/create/flags.js';
import type { UpdateOptions } from '../../src/commands/jobs/update/flags.js';
import { rejection, runArguments } from '../helpers/command-line.js';

describe('jobs create: argv -> options', () => {
  it('passes field flags by their attribute names, values as typed (parsed later, in one place)', async () => {
    const { args } = await runArguments(['jobs', 'create', '--title', 'Data Engineer', '--job-function', 'Data Engineering', '--salary-min', '70,000', '--description-file', '-']);
    expect(args).toEqual([{ title: 'Data Engineer', jobFunction: 'Data Engineering', salaryMin: '70,000', descriptionFile: '-' } satisfies CreateOptions]);
  });

  it('passes the batch flags, --format checked against its choices', async () => {
    const { args } = await runArguments(['jobs', 'create', '--file', 'jobs.csv', '--format', 'csv', '--csv', '--concurrency', '8', '--restart', '--dry-run', '--encoding', 'windows-1250']);
    expect(args).toEqual([{ file: 'jobs.csv', format: 'csv', csv: true, concurrency: '8', restart: true, dryRun: true, encoding: 'windows-1250' } satisfies CreateOptions]);
    const error = await rejection(['jobs', 'create', '--file', 'jobs.txt', '--format', 'xml']);
    expect(error).toBeInstanceOf(CommanderError);
    expect((error as CommanderError).code).toBe('commander.invalidArgument');
  });

  it('--resume with and without a key; --from and the publication flags', async () => {
    expect((await runArguments(['jobs', 'create', '--resume'])).args).toEqual([{ resume: true } satisfies CreateOptions]);
    expect((await runArguments(['jobs', 'create', '--resume', 'k-1'])).args).toEqual([{ resume: 'k-1' } satisfies CreateOptions]);
    const { args } = await runArguments(['jobs', 'create', '--from', '3', '--publish-career-page', '--publish-free-boards']);
    expect(args).toEqual([{ from: '3', publishCareerPage: true, publishFreeBoards: true } satisfies CreateOptions]);
  });

  it('no flags: no options (the wizard decides), and the global options beside them', async () => {
    const { args, globals } = await runArguments(['--yes', '--json', 'jobs', 'create']);
    expect(args).toEqual([{}]);
    expect(globals).toMatchObject({ yes: true, json: true });
  });
});

describe('jobs update: argv -> arguments and options', () => {
  it('gives the ids as one list, --set repeated in order, a negated publication flag as false', async () => {
    const { args } = await runArguments(['jobs', 'update', '3', '4', '--set', 'experience=5', '--set', 'skills=["Go"]', '--no-publish-free-boards', '--hiring-manager', 'Dana Whitfield', '--dry-run', '--concurrency', '2']);
    expect(args).toEqual([
      ['3', '4'],
      { set: ['experience=5', 'skills=["Go"]'], publishFreeBoards: false, hiringManager: 'Dana Whitfield', dryRun: true, concurrency: '2' } satisfies UpdateOptions,
    ]);
  });

  it('leaves the publication unset when no publication flag is given (the job keeps its setting)', async () => {
    const { args } = await runArguments(['jobs', 'update', '-', '--title', 'Staff Engineer']);
    expect(args).toEqual([['-'], { title: 'Staff Engineer' } satisfies UpdateOptions]);
    const [, options] = args as [string[], UpdateOptions];
    expect(Object.hasOwn(options, 'publishFreeBoards')).toBe(false);
    expect(Object.hasOwn(options, 'publishCareerPage')).toBe(false);
  });

  it('--publish-career-page and --file', async () => {
    const { args } = await runArguments(['jobs', 'update', '7', '--publish-career-page', '--file', 'patch.json', '--encoding', 'shift_jis']);
    expect(args).toEqual([['7'], { publishCareerPage: true, file: 'patch.json', encoding: 'shift_jis' } satisfies UpdateOptions]);
  });
});

describe('jobs apply: argv -> options', () => {
  it('passes --file, --format, --prune, --dry-run and --concurrency; --yes is a global option', async () => {
    const { args, globals } = await runArguments(['--yes', 'jobs', 'apply', '--file', '-', '--format', 'json', '--prune', '--dry-run', '--concurrency', '8', '--encoding', 'auto']);
    expect(args).toEqual([{ file: '-', format: 'json', prune: true, dryRun: true, concurrency: '8', encoding: 'auto' } satisfies ApplyOptions]);
    expect(globals).toMatchObject({ yes: true });
  });

  it('takes no argument and refuses a format that is not one of its choices', async () => {
    expect((await runArguments(['jobs', 'apply'])).args).toEqual([{}]);
    const unknownFormat = await rejection(['jobs', 'apply', '--file', 'jobs.txt', '--format', 'yaml']);
    expect((unknownFormat as CommanderError).code).toBe('commander.invalidArgument');
    const extra = await rejection(['jobs', 'apply', 'jobs.json']);
    expect((extra as CommanderError).code).toBe('commander.excessArguments');
  });
});
