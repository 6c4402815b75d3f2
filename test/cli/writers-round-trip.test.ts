// The round trip through real programs, over HTTP against the sandbox: the jobs of the writers corpus
// (test/fixtures/writers/README.md) created as the generator created them, then `jobs apply --dry-run`
// of every file of the corpus, recruit's untouched exports and each re-save by LibreOffice (en, de,
// fr, ja), Gnumeric and openpyxl with their own CSV exports: nothing planned.
import { describe, expect, it, beforeAll } from 'vitest';
import { join } from 'node:path';
import { useSandbox } from '../helpers/sandbox.js';
import { CORPUS, createCorpusJobs, manifestOf, plannedChanges } from '../batch/writers-corpus.js';

const sandbox = useSandbox();
beforeAll(() => createCorpusJobs(sandbox.current));

const files = manifestOf(CORPUS).files;

describe('every writer\'s re-save of an export, applied: nothing planned', () => {
  it('the corpus holds every writer and locale', () => {
    const writers = new Set(files.map((f) => f.file.split('/')[0]));
    expect([...writers].sort()).toEqual(['gnumeric', 'libreoffice-de', 'libreoffice-en', 'libreoffice-fr', 'libreoffice-ja', 'openpyxl', 'source']);
  });

  const apply = async (file: string) => {
    const planned = await plannedChanges(sandbox.current.baseUrl, join(CORPUS, file));
    expect(planned, planned.join('\n')).toEqual([]);
  };
  it.each(files.map((f) => [f.file, f.writer] as const))('%s (%s)', apply);
});
