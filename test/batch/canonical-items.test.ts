// One job written by another program or on another system is the same item (docs/decisions.md,
// "The canonical meaning of an item"), over real HTTP against the sandbox: twins of a file (CRLF and
// LF inside multi-line CSV cells; NFC and NFD accents and a CRLF description in JSON) under two
// paths, so two journals, create their jobs once; what is sent has LF line ends and is NFC.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { csvRecord } from '../../src/terminal/csv.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob, words } from '../helpers/sandbox.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-canonical-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function batch(path: string): Promise<CliResult> {
  return runCli(['jobs', 'create', '--file', path, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
}

const jobsTitled = (prefix: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.title.normalize('NFC').startsWith(prefix));

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
});

describe('twins of a file: the same items in other bytes', () => {
  it('a CSV sheet saved with CRLF and with LF, inside multi-line description cells too: 10 jobs, not 20', async () => {
    const header = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'];
    const rows = Array.from({ length: 10 }, (_, i) => [`Twin sheet ${i}`, `${words(60)}\nSecond paragraph:\n${words(60, 'more')}`, 'Austin, TX, USA', '101', '501']);
    const lf = [header, ...rows].map((cells) => csvRecord(cells).replace(/\r\n$/, '\n')).join('');
    expect(lf).not.toContain('\r');
    const crlf = lf.replace(/\n/g, '\r\n');
    const lfFile = file('sheet-lf.csv', lf);
    const first = await batch(lfFile);
    expect(first.code, first.stderr).toBe(0);
    expect(jobsTitled('Twin sheet ')).toHaveLength(10);
    const second = await batch(file('sheet-crlf.csv', crlf));
    expect(second.code, second.stderr).toBe(0);
    expect(jobsTitled('Twin sheet ')).toHaveLength(10);
    // The twin that created them is named: it ran on this machine.
    expect(second.stderr).toContain(`note: 10 jobs were already created by another run of the same items, from ${lfFile} on this machine: `);
    for (const job of jobsTitled('Twin sheet ')) expect(job.description).not.toContain('\r');
  });

  it('a CSV sheet saved with CRLF first: the jobs are sent with LF line ends, and its LF twin finds them', async () => {
    const rows = [
      ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'],
      ['Twin first 0', `${words(60)}\r\nSecond paragraph:\r\n${words(60, 'more')}`, 'Austin, TX, USA', '101', '501'],
    ];
    const crlf = rows.map((cells) => csvRecord(cells)).join('');
    expect((await batch(file('first-crlf.csv', crlf))).code).toBe(0);
    const [job] = jobsTitled('Twin first ');
    expect(job!.description).toBe(`${words(60)}\nSecond paragraph:\n${words(60, 'more')}`);
    const again = await batch(file('first-lf.csv', crlf.replace(/\r\n/g, '\n')));
    expect(again.code, again.stderr).toBe(0);
    expect(jobsTitled('Twin first ')).toHaveLength(1);
  });

  it('JSON with NFC and NFD accents, and a description with CRLF and with LF: the twins once, sent in NFC with LF', async () => {
    const items = [
      validJob({ title: 'Twin json 0 plain' }),
      validJob({ title: 'Twin json 1 Café Zürich', location: 'Zürich, Switzerland' }),
      validJob({ title: 'Twin json 2 lines', description: `${words(60)}\n\n${words(60, 'line')}\nlast` }),
      validJob({ title: 'Twin json 3 crème brûlée', skills: ['Pâtisserie', 'Français'] }),
      validJob({ title: 'Twin json 4 plain' }),
    ];
    const nfc = `${JSON.stringify(items, null, 2)}\n`;
    const other = (value: unknown): unknown =>
      typeof value === 'string' ? value.normalize('NFD').replace(/\n/g, '\r\n') : Array.isArray(value) ? value.map(other) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, other(v)])) : value;
    const windows = JSON.stringify(other(items), null, 2).replace(/\n/g, '\r\n');
    expect(windows).not.toBe(nfc);
    const first = await batch(file('jobs-windows.json', windows));
    expect(first.code, first.stderr).toBe(0);
    const second = await batch(file('jobs-mac.json', nfc));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('note: 5 jobs were already created by another run of the same items');
    const made = jobsTitled('Twin json ');
    expect(made).toHaveLength(5);
    for (const job of made) {
      for (const text of [job.title, job.location, job.description, ...(job.skills ?? [])]) {
        expect(text).toBe(text.normalize('NFC'));
        expect(text).not.toContain('\r');
      }
    }
    expect(made.find((j) => j.title.startsWith('Twin json 1'))!.location).toBe('Zürich, Switzerland');
  });
});
