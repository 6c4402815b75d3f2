// Ctrl-C while one job is being sent says that its outcome is unknown until the
// service answers, names `jobs pending` and `--resume`, waits for the answer and reports it (exit 130).
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { forward, readBody, useListening } from '../../helpers/fake-server.js';
import { useSandbox, words } from '../../helpers/sandbox.js';
import { useOwnSignalListeners } from '../../helpers/own-signal-listeners.js';

useOwnSignalListeners(['SIGINT']);

const sandbox = useSandbox({ activeJobLimit: 1000 });
/** Where the fake Ctrl-C is pressed: as the first request whose path ends so arrives. */
let sigintOn = '/jobs';
/** Passes requests on to the sandbox; a request to `sigintOn` arrives as if Ctrl-C were pressed then. */
const proxy = useListening(
  createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (sigintOn !== '' && req.url?.split('?')[0]!.endsWith(sigintOn)) {
        sigintOn = '';
        expect(process.listenerCount('SIGINT')).toBe(1); // only the command's: nothing else hears the fake Ctrl-C
        process.emit('SIGINT', 'SIGINT');
      }
      const answer = await forward(sandbox.current.origin, req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
    })();
  }),
);

describe('Ctrl-C while one job is being sent', () => {
  it('says the outcome is unknown until answered, names jobs pending and --resume, then reports the job and exits 130', async () => {
    const descriptionFile = join(process.env.RECRUIT_STATE_DIR!, '..', 'interrupt-description.txt');
    writeFileSync(descriptionFile, words(120));
    const result = await runCli(
      ['jobs', 'create', '--title', 'Interrupted Single', '--description-file', descriptionFile, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504'],
      { env: { RECRUIT_BASE_URL: `${proxy.current.origin}/v1`, RECRUIT_TOKEN: 'sbx_direct_full' } },
    );
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/^interrupted: the job is being sent, waiting for the service's answer \(Ctrl-C again quits at once; then whether it was created is unknown: `recruit jobs pending` lists it, and `recruit jobs create --resume [\w-]+` finishes it without creating a second job\)\n$/);
    expect(result.stdout).toMatch(/^Created job \d+ "Interrupted Single"/);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });
});

describe('Ctrl-C while a batch file is checked', () => {
  it('says at once that nothing was sent, stops the checks and exits 130', async () => {
    const { writeJobs } = await import('../../batch/helpers.js');
    const file = writeJobs('interrupted-check.ndjson', [
      { title: 'Checked A', description: words(120), location: 'Berlin, Germany', industry: 'Information Technology', jobFunction: 'Data Engineering', employerType: 'SaaS Startup' },
    ]);
    sigintOn = '/industries';
    const before = [...sandbox.current.store.jobs.values()].length;
    const result = await runCli(['jobs', 'create', '--file', file], {
      env: { RECRUIT_BASE_URL: `${proxy.current.origin}/v1`, RECRUIT_TOKEN: 'sbx_direct_full' },
    });
    expect(result.stderr).toContain('interrupted: stopping the checks of');
    expect(result.stderr).toContain('; nothing was sent (Ctrl-C again quits at once)\n');
    expect(result.code).toBe(130);
    expect([...sandbox.current.store.jobs.values()].length).toBe(before);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });
});
