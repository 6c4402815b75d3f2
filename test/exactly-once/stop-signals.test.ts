// Which signals stop a run and how each is announced. The listeners are called with
// process.emit, so no real signal is sent; test/batch/sigterm.test.ts sends real ones to the built CLI.
import { afterEach, describe, expect, it } from 'vitest';
import { useOwnSignalListeners } from '../helpers/own-signal-listeners.js';
import { onStopSignals, untilForced, type Stopper } from '../../src/exactly-once/stop-signals.js';

let off: (() => void) | undefined;
afterEach(() => off?.());

useOwnSignalListeners();

function watch(): { stopper: Stopper; said: string[] } {
  const said: string[] = [];
  const stopper: Stopper = {};
  off = onStopSignals({ info: (text) => said.push(text) }, stopper);
  return { stopper, said };
}

const emit = (signal: NodeJS.Signals) => (process.emit as (event: string) => boolean)(signal);

describe('stop signals', () => {
  it('SIGBREAK (Ctrl-Break on Windows) stops the run as SIGTERM does, and a second one is left to quit at once', () => {
    const { stopper, said } = watch();
    const before = process.listenerCount('SIGBREAK');
    emit('SIGBREAK');
    expect(stopper.reason).toBe('terminated');
    expect(said).toEqual(['terminated (SIGBREAK): waiting for the requests in flight (a second SIGBREAK quits at once; a re-run resumes)']);
    expect(process.listenerCount('SIGBREAK')).toBe(before - 1);
  });

  it('SIGHUP stops the run as SIGTERM does, is told once, and stays handled however often it comes', () => {
    const { stopper, said } = watch();
    const before = process.listenerCount('SIGHUP');
    emit('SIGHUP');
    emit('SIGHUP');
    expect(stopper.reason).toBe('terminated');
    expect(said).toEqual(['terminated (SIGHUP): waiting for the requests in flight (a re-run resumes)']);
    expect(process.listenerCount('SIGHUP')).toBe(before);
  });

  it('the first signal gives the reason: Ctrl-C then a hang-up is still "interrupted"', () => {
    const { stopper } = watch();
    emit('SIGINT');
    emit('SIGHUP');
    expect(stopper.reason).toBe('interrupted');
  });

  it('while requests are in flight, a second Ctrl-C stops the waiting instead of quitting, and says so', async () => {
    const { stopper, said } = watch();
    const force = untilForced(stopper);
    let forced = false;
    void force.forced.then(() => (forced = true));
    emit('SIGINT');
    expect(said).toEqual(['interrupted: waiting for the requests in flight (Ctrl-C again stops waiting; a re-run resumes)']);
    emit('SIGINT');
    await Promise.resolve();
    expect(forced).toBe(true);
    expect(stopper.forced).toBe(true);
    expect(said[1]).toBe('interrupted again: not waiting for the requests in flight (their outcome is not known; a re-run re-sends them with their original key)');
    force.off();
    expect(stopper.force).toBeUndefined();
  });

  it('once the run ends, none of its handlers is left', () => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
    const before = signals.map((s) => process.listenerCount(s));
    watch();
    expect(signals.map((s) => process.listenerCount(s))).toEqual(before.map((n) => n + 1));
    off!();
    off = undefined;
    expect(signals.map((s) => process.listenerCount(s))).toEqual(before);
  });
});
