// Keys typed ahead in one burst ("vendor⏎") press Enter while the list of the
// whole text is still on its way: the pick is that list's first entry, not the older list's.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createInquirerPrompter } from '../../src/prompts/inquirer-prompter.js';
import type { Choice } from '../../src/prompts/prompter.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a search typed ahead in one burst', () => {
  it('takes the first entry of the list of the whole text', async () => {
    const input = new PassThrough() as PassThrough & { isTTY?: boolean };
    const output = new PassThrough();
    output.resume();
    // Like stderr, the terminal's output is never ended by a prompt (the answered line follows it).
    output.end = (() => output) as typeof output.end;
    const prompter = createInquirerPrompter({ input, output });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const all: Choice<string>[] = [{ name: 'SaaS Startup', value: 'saas' }, { name: 'Software Vendor', value: 'vendor' }];
    const answer = prompter.search<string>({
      message: 'Employer type',
      source: async (term) => {
        if (!term) return all;
        await held; // the filtered list comes back late, as over a slow network
        return all.filter((c) => c.name.toLowerCase().includes(term.toLowerCase()));
      },
    });
    for (let i = 0; i < 5; i++) await tick(); // the unfiltered list is shown
    input.write('vendor\r');
    for (let i = 0; i < 5; i++) await tick();
    release();
    await expect(answer).resolves.toBe('vendor');
  });
});
