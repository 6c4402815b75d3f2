// The writers corpus made again where the writers are installed (LibreOffice, Gnumeric's ssconvert,
// openpyxl under /usr/bin/python3): generate.mjs writes it into a temporary directory from the
// built CLI and the sandbox, and the same checks as on the committed files hold there: the same
// files, each workbook read as its writer's own CSV export, and nothing planned by `jobs apply` of
// any file. Slow (LibreOffice starts some thirty times): it runs when RECRUIT_REGENERATE_WRITERS=1
// is set; where a writer is missing it is skipped, its name saying which.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { spawnCollect } from '../helpers/spawn.js';
import { useSandbox } from '../helpers/sandbox.js';
import { CORPUS, KEEP_CR_ESCAPE, cellDifferences, createCorpusJobs, manifestOf, plannedChanges } from '../batch/writers-corpus.js';

function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

// Minutes of LibreOffice: run only when asked (docs/testing.md), never in CI's `npm test`.
const asked = process.env.RECRUIT_REGENERATE_WRITERS === '1';
const missing = !asked ? ['RECRUIT_REGENERATE_WRITERS=1 (not set)'] : [
  works('soffice', ['--version']) ? undefined : 'LibreOffice (soffice)',
  works('ssconvert', ['--version']) ? undefined : "Gnumeric's ssconvert",
  works('/usr/bin/python3', ['-c', 'import openpyxl']) ? undefined : 'openpyxl (/usr/bin/python3 -c "import openpyxl")',
].filter((m) => m !== undefined);
const reason = !asked ? 'skipped: set RECRUIT_REGENERATE_WRITERS=1 to run it' : missing.length > 0 ? `skipped: ${missing.join(', ')} not installed` : 'every writer installed';

const sandbox = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'recruit-writers-again-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(missing.length > 0)(`the writers corpus made again by the writers (${reason})`, () => {
  beforeAll(async () => {
    ensureFreshBuild();
    const { done } = spawnCollect(process.execPath, [join(CORPUS, 'generate.mjs'), dir], { timeoutMs: 1_190_000 });
    const made = await done;
    expect(made.code, made.stderr).toBe(0);
    await createCorpusJobs(sandbox.current);
  }, 1_200_000);

  it('the same files as the committed corpus, from the same writers', () => {
    const [now, committed] = [manifestOf(dir), manifestOf(CORPUS)];
    expect(now.files.map((f) => f.file)).toEqual(committed.files.map((f) => f.file));
    expect(Object.keys(now.writers).sort()).toEqual(Object.keys(committed.writers).sort());
  });

  it('each workbook reads as its writer\'s own CSV export of it', async () => {
    const found: string[] = [];
    for (const book of manifestOf(dir).files.filter((f) => f.csv !== undefined)) {
      for (const difference of await cellDifferences(dir, book.file, book.csv!, { keptCr: KEEP_CR_ESCAPE.has(book.file) })) found.push(`${book.file}: ${difference}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('jobs apply of every file plans nothing', { timeout: 120_000 }, async () => {
    const found: string[] = [];
    for (const { file } of manifestOf(dir).files) {
      for (const change of await plannedChanges(sandbox.current.baseUrl, join(dir, file))) found.push(`${file}: ${change}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
