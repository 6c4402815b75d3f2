// For tests on fake timers: whether a promise has settled once the I/O and callbacks now due have
// run, so a test can say "not yet" before it moves the clock and "now" after.

/** Whether `promise` has settled, after the I/O and callbacks now due have run. */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}
