// The vitest configuration of mutation runs (`npm run mutate`, stryker.config.mjs): the project's
// configuration (setup file, `define`, timeouts) with only the tests of the reliability core, and
// an order of test files that finds a mutant's killer early. docs/testing.md says what is left out.
import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { common as base } from './vitest.config.js';

/**
 * Stryker runs one mutant's covering tests in one worker and stops at the first failure, so the
 * order of files is what a killed mutant costs: first the files that failed last time (they
 * killed the previous mutant, usually its neighbour), then the quickest. Vitest's own order is
 * the slowest first, which suits parallel runs.
 */
class KillersFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`);
    return [...files].sort((a, b) => {
      const la = last(a);
      const lb = last(b);
      if (Boolean(la?.failed) !== Boolean(lb?.failed)) return la?.failed ? -1 : 1;
      return (la?.duration ?? Number.MAX_SAFE_INTEGER) - (lb?.duration ?? Number.MAX_SAFE_INTEGER);
    });
  }
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'test/api/**/*.test.ts',
      'test/batch/**/*.test.ts',
      'test/exactly-once/**/*.test.ts',
      'test/jobs/**/*.test.ts',
      'test/cli/jobs-create.test.ts',
      // Atomic writes and their rename retries; the decoding of input files and the detection of their encoding.
      'test/core/**/*.test.ts',
      'test/cli/text-input.test.ts',
      'test/cli/encoding-detect.test.ts',
      // Proxies and the company CA, through the CLI: the options reach the transport, a batch stops at a proxy's refusal.
      'test/cli/proxy.test.ts',
      // Verification against the account: replays, plans gone stale, contradicting answers.
      'test/cli/verify-against-account.test.ts',
      'test/cli/contradicting-answers.test.ts',
      'test/cli/apply-lagging-list.test.ts',
      'test/wizard/wizard*.test.ts',
      // What recruit mcp answers before the SDK loads, and what it leaves to the SDK.
      'test/cli/mcp-opening.test.ts',
    ],
    exclude: [
      ...(base.test?.exclude ?? configDefaults.exclude),
      // They run only the built bin/recruit.js, in child processes: the bundle is built from the
      // unmutated source, so they can kill no mutant.
      'test/batch/crash.test.ts',
      'test/batch/damaged-inputs-memory.test.ts',
      'test/batch/xlsx-memory.test.ts',
      'test/batch/bulk-crash.test.ts',
      'test/wizard/wizard-pty.test.ts',
    ],
    sequence: { ...base.test?.sequence, sequencer: KillersFirstSequencer },
  },
});
