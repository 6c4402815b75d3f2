// Every input file in the encodings people's tools write, over real HTTP against the sandbox: a JSON
// batch file as PowerShell 5.1's `>` writes it (UTF-16LE with a BOM), NDJSON in UTF-16BE, a
// --description-file with a BOM, Windows-1252 from stdin; and bytes that are no text in a file that
// is UTF-8 elsewhere stop the run naming their row and column (or line), with nothing sent. Files in
// other code pages, and files whose encoding cannot be told: encoding-detection.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox, validJob, words } from '../helpers/sandbox.js';
import { batch, posts, tempFile, useRecordingProxy } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
const bytesFile = (name: string, bytes: Buffer) => {
  const file = tempFile(name, '');
  writeFileSync(file, bytes);
  return file;
};
const titles = () => [...sandbox.current.store.jobs.values()].map((j) => j.title);

describe('input encodings', () => {
  it("reads a JSON array as PowerShell 5.1's `> jobs.json` writes it: UTF-16LE with a BOM", async () => {
    const json = JSON.stringify([validJob({ title: 'Enc PowerShell – Übersetzer' }), validJob({ title: 'Enc PowerShell 数据' })], null, 2);
    const res = await batch(sandbox.current.baseUrl, bytesFile('powershell.json', utf16le(json.replace(/\n/g, '\r\n'))));
    expect(res.code, res.stderr).toBe(0);
    expect(titles()).toEqual(expect.arrayContaining(['Enc PowerShell – Übersetzer', 'Enc PowerShell 数据']));
  });

  it('reads NDJSON in UTF-16BE with a BOM', async () => {
    const ndjson = [validJob({ title: 'Enc BE één' }), validJob({ title: 'Enc BE 👩‍💻' })].map((j) => JSON.stringify(j)).join('\n');
    const res = await batch(sandbox.current.baseUrl, bytesFile('be.ndjson', utf16be(ndjson)));
    expect(res.code, res.stderr).toBe(0);
    expect(titles()).toEqual(expect.arrayContaining(['Enc BE één', 'Enc BE 👩‍💻']));
  });

  it('reads Windows-1252 NDJSON from stdin, and says so once', async () => {
    const ndjson = `${JSON.stringify(validJob({ title: 'Enc stdin Ingénieur – €' }))}\n`;
    const res = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', '-'], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full' },
      stdin: encode1252(ndjson),
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.match(/read as windows-1252/g)).toHaveLength(1);
    expect(titles()).toContain('Enc stdin Ingénieur – €');
  });

  it('leaves the BOM of a --description-file out of the description, and reads UTF-16 there too', async () => {
    const description = `Beschreibung für Übersetzer. ${words(110)}`;
    for (const [title, bytes] of [
      ['Enc description BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(description)])],
      ['Enc description UTF-16', utf16le(description)],
    ] as const) {
      const file = bytesFile(`${title}.txt`, bytes);
      const res = await runCli(
        ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--title', title, '--description-file', file, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504'],
        { env: { RECRUIT_TOKEN: 'sbx_direct_full' } },
      );
      expect(res.code, res.stderr).toBe(0);
      const job = [...sandbox.current.store.jobs.values()].find((j) => j.title === title);
      expect(job?.description).toBe(description);
    }
  });

  it('stops a CSV file whose bytes are no text, naming the row and column; nothing sent', async () => {
    // A file that is UTF-8 elsewhere (Zürich): 0x81 is damage, not another encoding.
    const header = 'title,description,location,jobFunction,employerTypeId\r\n';
    const good = `Enc ok,${words(110)},Zürich,103,504\r\n`;
    const bad = Buffer.from(`Enc bad ,${words(110)},Berlin,103,504\r\n`);
    const file = bytesFile('damaged.csv', Buffer.concat([Buffer.from(header + good), bad.subarray(0, 7), Buffer.from([0x81]), bad.subarray(7)]));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('row 3, column title: cannot be read: character 8 of the cell: the byte 0x81 is not text in UTF-8');
    expect(res.stderr).not.toContain('\ufffd');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('a UTF-16 tab-separated file with a cell over the cap (1 MiB characters): an error naming its row and column; nothing sent', async () => {
    const header = 'title\tdescription\tlocation\tjobFunction\temployerTypeId\r\n';
    const text = `${header}Enc cap ok\t${words(110)}\tBerlin\t103\t504\r\nEnc cap big\t${'x'.repeat(1100 * 1024)}\tBerlin\t103\t504\r\n`;
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytesFile('cap.txt', utf16le(text)), ['--format', 'csv']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/row 3, column description: not valid CSV: the row is longer than 1,048,576 characters/);
    expect(posts(proxy)).toHaveLength(0);
  });

  it('a header row whose bytes are no text is named by its column number', async () => {
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytesFile('bad-header.csv', Buffer.concat([Buffer.from('ti'), Buffer.from([0x81]), Buffer.from('tle,description\r\nx,Zürich\r\n')])));
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('the header row of');
    expect(res.stderr).toContain('  - row 1, column 1: character 3 of the cell: the byte 0x81 is not text in UTF-8');
    expect(res.stderr).toContain('hint: the rest of the file is UTF-8: retype the text there');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('stops NDJSON and a JSON array whose bytes are no text, naming the line; nothing sent', async () => {
    const line = JSON.stringify(validJob({ title: 'Enc bad NDJSON' }));
    const ndjson = Buffer.concat([Buffer.from(`${line}\n${line.slice(0, 12)}`), Buffer.from([0xc3, 0x28, 0x00]), Buffer.from(`${line.slice(12)}\n`)]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytesFile('damaged.ndjson', ndjson));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/line 2.*cannot be read: column 13: the byte 0xC3 is not text/);
    const array = Buffer.concat([Buffer.from(`[\n  ${line.slice(0, 12)}`), Buffer.from([0x9d]), Buffer.from(`${line.slice(12)},\n  ${JSON.stringify(validJob({ title: 'Enc Zürich' }))}\n]`)]);
    const whole = await batch(proxy.baseUrl, bytesFile('damaged.json', array));
    expect(whole.code).toBe(2);
    expect(whole.stderr).toContain('cannot be read: line 2, column 15: the byte 0x9D is not text in UTF-8');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('stops a --description-file whose bytes are no text, naming its line and column', async () => {
    const file = bytesFile('bad-description.txt', Buffer.concat([Buffer.from(`Beschreibung für ${words(110)}\nsecond `), Buffer.from([0x8f]), Buffer.from(' line')]));
    proxy.reset();
    const res = await runCli(
      ['--base-url', proxy.baseUrl, 'jobs', 'create', '--title', 'Enc bad description', '--description-file', file, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504'],
      { env: { RECRUIT_TOKEN: 'sbx_direct_full' } },
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`--description-file ${join(file)} cannot be read: line 2, column 8: the byte 0x8F is not text in UTF-8`);
    expect(res.stderr).toContain('hint: the rest of the file is UTF-8: retype the text there (pasted from a file in another encoding?), or pass --encoding <name> if the whole file is in another encoding; nothing was sent');
    expect(posts(proxy)).toHaveLength(0);
  });
});

/** Text as Windows-1252 bytes (the characters these tests use). */
function encode1252(text: string): Buffer {
  const high: Record<string, number> = { '€': 0x80, '–': 0x96 };
  return Buffer.from([...text].map((c) => high[c] ?? c.charCodeAt(0)));
}
