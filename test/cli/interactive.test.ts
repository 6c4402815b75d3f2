// When recruit may prompt: a person at a terminal typing on stdin and reading stderr, where the
// prompts are drawn. stdout may be redirected: it carries only the result.
import { describe, expect, it } from 'vitest';
import { canInteract, type IO } from '../../src/terminal/io.js';

function io(tty: { stdin: boolean; stdout: boolean; stderr: boolean }): IO {
  const out = (isTTY: boolean) => ({ isTTY, write: () => true });
  return { stdin: { isTTY: tty.stdin } as IO['stdin'], stdout: out(tty.stdout), stderr: out(tty.stderr) };
}

describe('canInteract', () => {
  it('prompts at a terminal, also when stdout is redirected to a file or a pipe', () => {
    expect(canInteract(io({ stdin: true, stdout: true, stderr: true }), {}, false)).toBe(true);
    expect(canInteract(io({ stdin: true, stdout: false, stderr: true }), {}, false)).toBe(true);
  });

  it('does not prompt without a terminal for the keys or for the prompts', () => {
    expect(canInteract(io({ stdin: false, stdout: true, stderr: true }), {}, false)).toBe(false);
    expect(canInteract(io({ stdin: true, stdout: true, stderr: false }), {}, false)).toBe(false);
  });

  it('does not prompt in CI or with --yes', () => {
    const terminal = io({ stdin: true, stdout: true, stderr: true });
    expect(canInteract(terminal, { CI: 'true' }, false)).toBe(false);
    expect(canInteract(terminal, {}, true)).toBe(false);
  });
});
