// A closed-loop HTTP load generator over undici: `concurrency` requests always in flight.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export async function measureThroughput(url, { headers = {}, concurrency = 32, seconds = 3, warmupSeconds = 1 } = {}) {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: concurrency, pipelining: 1 });
  const path = target.pathname + target.search;
  async function loop(until, counter) {
    while (performance.now() < until) {
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
      counter.n++;
    }
  }
  const run = async (secs) => {
    const counter = { n: 0 };
    const start = performance.now();
    const until = start + secs * 1000;
    await Promise.all(Array.from({ length: concurrency }, () => loop(until, counter)));
    return counter.n / ((performance.now() - start) / 1000);
  };
  await run(warmupSeconds);
  const perSecond = await run(seconds);
  await pool.close();
  return perSecond;
}
