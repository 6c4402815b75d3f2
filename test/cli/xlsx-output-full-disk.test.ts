// `--output` onto a real full disk (a tiny tmpfs of the test's own): exit 6 naming the file, and no
// file left behind, neither the output nor its temporary. Skipped where a tmpfs cannot be mounted.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { skipNote, useTmpfs } from '../helpers/tmpfs.js';

const sandbox = useSandbox();
// One page: the jobs, as CSV or a workbook, are more than that.
const disk = useTmpfs('recruit-output-tmpfs', 'size=4k,mode=0700');

describe('--output on a full disk', () => {
  it.skipIf(!disk.mounted)(`exit 6 naming the file, nothing left on the disk${skipNote(disk)}`, async () => {
    for (let k = 0; k < 8; k++) {
      const made = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title: `Full Disk ${k}` }), idempotencyKey: `full-disk-${k}`, validate: false });
      expect(made.status).toBe(201);
    }
    for (const format of ['--xlsx', '--csv']) {
      const file = join(disk.dir, `jobs.${format.slice(2)}`);
      const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'list', '--all', format, '--output', file];
      const res = await runCli(args, { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
      expect(res.code, `${res.stderr} ${JSON.stringify(readdirSync(disk.dir))}`).toBe(6);
      expect(res.stderr).toContain(`--output: could not write ${file}`);
      expect(res.stderr).not.toMatch(/^\s+at /m);
      expect(readdirSync(disk.dir)).toEqual([]);
    }
  });
});
