// The built executable in a real pseudo-terminal: `recruit --sandbox jobs create` starts the wizard,
// and typing into it (search terms, Enter, arrow keys) creates a job that `jobs get` then shows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN, runBin } from '../helpers/cli.js';
import { KEY, PtySession } from '../helpers/pty.js';
import { words } from '../helpers/sandbox.js';

beforeAll(ensureFreshBuild, 60_000);

let session: PtySession | undefined;
afterEach(() => session?.kill());

function terminalEnv(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'recruit-pty-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RECRUIT_STATE_DIR: join(home, 'state'),
    RECRUIT_CONFIG_DIR: join(home, 'config'),
    TERM: 'xterm-256color',
  };
  delete env.CI;
  delete env.NO_COLOR;
  return env;
}

describe('the wizard in a pseudo-terminal', () => {
  it('creates a job from typed answers, with details ticked in the checkbox of the review', async () => {
    const env = terminalEnv();
    const pty = (session = new PtySession([process.execPath, BIN, '--sandbox', 'jobs', 'create'], env));

    await pty.answer('Industry (type to filter)', 'informa');
    await pty.answer('❯ Information Technology', KEY.enter);
    await pty.answer('Job function in Information Technology', 'software dev');
    await pty.answer('❯ Software Development', KEY.enter);
    await pty.answer('Employer type in Information Technology', 'vendor');
    await pty.answer('❯ Software Vendor', KEY.enter);
    await pty.answer('Job title', `Pty Wizard Job${KEY.enter}`);
    await pty.answer('Description', words(120, 'task'));
    // The live word count, then Enter ends the line and Enter on the empty line ends the text.
    await pty.answer('120/100 words', KEY.enter);
    await pty.answer('120/100 words', KEY.enter);
    await pty.answer('Location', `Berlin, Germany${KEY.enter}`);
    // The review, then "Add details" (the second entry) and the details ticked with Space.
    await pty.answer('❯ Submit', KEY.down);
    await pty.answer('❯ Add details: salary, job type, education level, …', KEY.enter);
    await pty.answer('❯◯ Salary', ' ');
    await pty.answer('❯◉ Salary', KEY.down + KEY.down + KEY.down);
    await pty.answer('❯◯ Experience', ' ');
    await pty.answer('❯◉ Experience', KEY.down + KEY.down);
    await pty.answer('❯◯ Skills', ' ');
    await pty.answer('❯◉ Skills', KEY.enter);
    await pty.waitFor(/✔ Add which details\? Salary, Experience, Skills\r?\n/);
    await pty.answer('❯ Skip (leave it unset)', KEY.down);
    await pty.answer('❯ Hourly (H)', KEY.enter);
    await pty.answer('Minimum salary', KEY.enter);
    await pty.answer('Maximum salary', KEY.enter);
    await pty.answer('Salary currency', KEY.enter);
    await pty.answer('Years of experience', `4${KEY.enter}`);
    await pty.answer('Required skills', `TypeScript, SQL${KEY.enter}`);
    await pty.answer('Good-to-have skills', KEY.enter);
    const review = await pty.waitFor('What next?');
    expect(review).toMatch(/Salary interval +Hourly \(H\)\r?\n {2}Experience +4 years\r?\n {2}Skills +TypeScript, SQL\r?\n/);
    await pty.answer('❯ Submit', KEY.enter);

    const screen = await pty.waitFor(/Created job \d+ "Pty Wizard Job": In Progress \(5\)/);
    expect(await pty.exited).toBe(0);
    const id = /Created job (\d+) /.exec(screen)![1]!;

    const got = await runBin(['--sandbox', 'jobs', 'get', id, '--json'], { env });
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      id: Number(id),
      title: 'Pty Wizard Job',
      location: 'Berlin, Germany',
      jobFunctionId: 101,
      salaryInterval: 'H',
      experience: 4,
      skills: ['TypeScript', 'SQL'],
    });
  }, 120_000);
});

describe('going back and Ctrl-C in a pseudo-terminal', () => {
  it('goes back with `<` in a searchable list and with the first entry of an option list; Ctrl-C erases the list and says "Draft saved" once', async () => {
    const env = terminalEnv();
    const pty = (session = new PtySession([process.execPath, BIN, '--sandbox', 'jobs', 'create'], env, { cols: 120, rows: 24 }));

    await pty.answer('Industry (type to filter)', 'informa');
    await pty.answer('❯ Information Technology', KEY.enter);
    // The answered line keeps the answer, not the hint.
    await pty.waitFor(/✔ Industry Information Technology\r?\n/);
    // `<` as the filter leaves only "← Back"; Enter goes back to the industry, which keeps its answer.
    await pty.answer('Job function in Information Technology (type to filter; `<` goes back)', '<');
    await pty.answer(/❯ ← Back\s+return to the previous step/, KEY.enter);
    await pty.answer('❯ Keep: Information Technology', KEY.enter);
    await pty.answer('Job function in Information Technology', 'devops');
    await pty.answer('❯ DevOps', KEY.enter);
    await pty.answer('Employer type in Information Technology', 'vendor');
    await pty.answer('❯ Software Vendor', KEY.enter);
    await pty.answer('Job title', `Pty Back Job${KEY.enter}`);
    await pty.answer('Description', words(120, 'task'));
    await pty.answer('120/100 words', KEY.enter);
    await pty.answer('120/100 words', KEY.enter);
    await pty.answer('Location', `Porto, Portugal${KEY.enter}`);
    await pty.answer('❯ Submit', KEY.down);
    await pty.answer('❯ Add details', KEY.enter);
    await pty.answer('❯◯ Salary', ` ${KEY.down}`);
    await pty.answer('❯◯ Job type', ` ${KEY.enter}`);
    // In an option list "← Back" is the first entry, on screen, above the cursor's start.
    const list = await pty.waitFor('❯ Skip (leave it unset)');
    expect(list).toMatch(/Salary interval\r?\n {2}← Back\r?\n❯ Skip \(leave it unset\)/);
    pty.type(KEY.up);
    // Back from the first detail: the review again.
    await pty.answer('❯ ← Back', KEY.enter);
    await pty.answer('❯ Submit', KEY.down);
    await pty.answer('❯ Add details', KEY.enter);
    await pty.answer('❯◯ Salary', ` ${KEY.down}`);
    await pty.answer('❯◯ Job type', ` ${KEY.enter}`);
    await pty.answer('❯ Skip (leave it unset)', KEY.down);
    await pty.answer('❯ Hourly (H)', KEY.enter);
    await pty.answer('Minimum salary', KEY.enter);
    await pty.answer('Maximum salary', KEY.enter);
    await pty.answer('Salary currency', KEY.enter);
    // Ctrl-C in the next list: the list is erased, one line says what was kept, no `error:` line.
    await pty.waitFor('❯ Skip (leave it unset)');
    pty.type(KEY.ctrlC);
    await pty.waitFor('Draft saved; run `recruit --sandbox jobs create` to continue');
    expect(await pty.exited).toBe(130);
    // After the list was last drawn, its lines are erased (message, Back, Skip, 5 types, blank, help) before the one line.
    const raw = pty.rawSinceLastKeys;
    const afterList = raw.slice(raw.lastIndexOf('Internship (IN)'), raw.indexOf('Draft saved'));
    expect(afterList.split(KEY.eraseLine).length - 1).toBeGreaterThanOrEqual(9);
    expect(pty.screen).not.toContain('error: Interrupted');
    // Going back leaves no "← Back" answered line behind: @inquirer draws its own done line, then
    // erases it before any line break (the review's blank line, after Back from a detail).
    const backs = [...pty.output.matchAll(/✔[^\n]*?← Back/g)];
    expect(backs.length).toBeGreaterThan(0);
    for (const back of backs) {
      const after = pty.output.slice(back.index + back[0].length);
      expect(after.indexOf(KEY.eraseLine)).toBeGreaterThanOrEqual(0);
      expect(after.indexOf(KEY.eraseLine)).toBeLessThan(after.indexOf('\n'));
    }
    expect(pty.screen.match(/Draft saved/g)).toHaveLength(1);

    // The draft is offered again: every required step answered, it opens at the review, with the detail given.
    const again = (session = new PtySession([process.execPath, BIN, '--sandbox', 'jobs', 'create'], env, { cols: 120, rows: 24 }));
    await again.answer('Continue the draft "Pty Back Job"', KEY.enter);
    const recap = await again.waitFor('What next?');
    expect(recap).toMatch(/Review the job:\r?\n {2}Industry +Information Technology\r?\n {2}Job function +DevOps/);
    expect(recap).toMatch(/ {2}Salary interval +Hourly \(H\)/);
    again.type(KEY.ctrlC);
    expect(await again.exited).toBe(130);
  }, 120_000);
});
