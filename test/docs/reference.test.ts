// The command reference (docs/reference/commands.md) and the man pages are written from the command
// tree (`recruit help reference`): the committed page must be what the tree gives today, and the
// build must ship a man page for every command, which man renders without a warning.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program.js';
import { manualPages } from '../../src/commands/help/reference/manual.js';
import { roffText } from '../../src/commands/help/reference/roff.js';
import { EDIT_FIELDS } from '../../src/commands/jobs/edit/edit-text.js';
import { Capture, runCli } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const tree = () => buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});
const commandNames = () => manualPages(tree()).map((p) => p.path.join('-'));

describe('the command reference', () => {
  it('docs/reference/commands.md is what `recruit help reference` prints (run `npm run docs`)', async () => {
    const result = await runCli(['help', 'reference']);
    expect(result.code).toBe(0);
    expect(readFileSync(root('docs/reference/commands.md'), 'utf8')).toBe(result.stdout);
  });

  it('has a section for every command, with its options and examples', async () => {
    const { stdout } = await runCli(['help', 'reference']);
    for (const page of manualPages(tree())) expect(stdout).toMatch(new RegExp(`^#+ ${page.path.join(' ')}$`, 'm'));
    expect(stdout).toContain('| `--description-file <path>` | read the description from a file (- for stdin) |');
    expect(stdout).toContain('$ recruit jobs create --file jobs.csv');
  });
});

describe('the man pages', () => {
  beforeAll(() => ensureFreshBuild(), 120_000);

  it('the build writes one page per command, the package ships them', () => {
    const pages = readdirSync(root('dist/man/man1')).sort();
    expect(pages).toEqual(commandNames().map((n) => `${n}.1`).sort());
    // npm links the pages that package.json names (`man`); `npm run docs` writes the list.
    const pkg = JSON.parse(readFileSync(root('package.json'), 'utf8')) as { man?: string[]; files: string[] };
    expect(pkg.man, 'package.json man: run `npm run docs`').toEqual(pages.map((p) => `./dist/man/man1/${p}`));
    expect(pkg.files).toContain('dist/');
  });

  it.skipIf(spawnSync('man', ['--version']).status !== 0)('man renders recruit-jobs-create without a warning', () => {
    const rendered = spawnSync('man', ['--warnings', '-l', root('dist/man/man1/recruit-jobs-create.1')], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '0', PAGER: 'cat', MANPAGER: 'cat' },
    });
    expect(rendered.stderr).toBe('');
    const text = rendered.stdout.split('\b').map((part, i, all) => (i < all.length - 1 ? part.slice(0, -1) : part)).join(''); // man's overstrike bold: x\bx
    expect(text).toMatch(/^NAME\n\s+recruit-jobs-create - create jobs/m);
    expect(text).toContain('--description-file <path>');
    expect(text).toContain('$ recruit jobs create --file jobs.csv');
  });

  it('no page says its NAME line again as its DESCRIPTION', () => {
    for (const name of commandNames()) {
      const page = readFileSync(root(`dist/man/man1/${name}.1`), 'utf8');
      const said = /^\.SH NAME\n.*? \\- (.*)$/m.exec(page)?.[1];
      expect(said, name).toBeTruthy();
      const description = /^\.SH DESCRIPTION\n([^]*?)\n\.SH /m.exec(page)?.[1];
      expect(description?.trim(), name).not.toBe(said);
    }
  });

  it("recruit-jobs-edit(1) describes the file the editor opens: every field's key, the blocks, comments", () => {
    const page = readFileSync(root('dist/man/man1/recruit-jobs-edit.1'), 'utf8').replace(/\\-/g, '-').replace(/\s+/g, ' ');
    expect(page).toContain('The file: one "field: value" line per field');
    for (const f of EDIT_FIELDS) expect(page, f.key).toMatch(new RegExp(`[ (]${f.key}[,) ]`));
    expect(page).toContain('as blocks ("description:" alone on a line');
    expect(page).toContain('Lines starting with # are comments');
  });

  it('escapes what roff would read as its own', () => {
    expect(roffText('.hidden\n\'also\nback\\slash -x')).toBe('\\&.hidden\n\\&\'also\nback\\eslash \\-x');
  });
});
