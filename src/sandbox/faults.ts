// Injected faults (docs/reference/sandbox.md): `503=0.1,429=0.1,reset=0.05,latency=0-30`, plus `drop=P` (the
// connection is destroyed before the request is carried out), `seed=N` for a repeatable sequence
// and `retry-after=S` for the 429s. Tests can also queue exact faults for the next requests.

export type FaultKind = '503' | '429' | 'reset' | 'drop';
export const FAULT_KINDS: readonly FaultKind[] = ['503', '429', 'reset', 'drop'];

export interface FaultSpec {
  probabilities: Record<FaultKind, number>;
  latency: [number, number];
  retryAfter: number;
  seed: number | undefined;
}

export class FaultSpecError extends Error {}

export function parseFaults(spec: string): FaultSpec {
  const result: FaultSpec = {
    probabilities: { '503': 0, '429': 0, reset: 0, drop: 0 },
    latency: [0, 0],
    retryAfter: 1,
    seed: undefined,
  };
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, value = ''] = part.split('=', 2).map((s) => s.trim()) as [string, string?];
    if ((FAULT_KINDS as readonly string[]).includes(name)) {
      const p = Number(value);
      if (value === '' || !Number.isFinite(p) || p < 0 || p > 1) {
        throw new FaultSpecError(`fault "${name}" needs a probability between 0 and 1, got "${value}"`);
      }
      result.probabilities[name as FaultKind] = p;
    } else if (name === 'latency') {
      const m = /^(\d+)(?:-(\d+))?$/.exec(value);
      if (!m) throw new FaultSpecError(`latency needs a range in milliseconds like 0-30, got "${value}"`);
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : Number(m[2]);
      if (max < min) throw new FaultSpecError(`latency range ${value} is reversed`);
      result.latency = [min, max];
    } else if (name === 'seed' || name === 'retry-after') {
      if (!/^\d+$/.test(value)) throw new FaultSpecError(`${name} needs a whole number, got "${value}"`);
      if (name === 'seed') result.seed = Number(value);
      else result.retryAfter = Number(value);
    } else {
      throw new FaultSpecError(`unknown fault "${name}"; known: ${[...FAULT_KINDS, 'latency', 'seed', 'retry-after'].join(', ')}`);
    }
  }
  return result;
}

/** mulberry32: a small seeded generator so a `seed=` run repeats exactly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Faults {
  private spec: FaultSpec;
  private random: () => number;
  private queue: FaultKind[] = [];

  constructor(spec = '') {
    this.spec = parseFaults(spec);
    this.random = this.makeRandom();
  }

  private makeRandom(): () => number {
    return this.spec.seed === undefined ? Math.random : seeded(this.spec.seed);
  }

  configure(spec: string, queue: FaultKind[] = []): void {
    this.spec = parseFaults(spec);
    this.random = this.makeRandom();
    this.queue = [...queue];
  }

  describe(): { spec: FaultSpec; queue: FaultKind[] } {
    return { spec: this.spec, queue: [...this.queue] };
  }

  get retryAfter(): number {
    return this.spec.retryAfter;
  }

  /** The fault for the next request, if any: a queued one first, then one drawn by chance. */
  draw(): FaultKind | undefined {
    const queued = this.queue.shift();
    if (queued) return queued;
    for (const kind of FAULT_KINDS) {
      const p = this.spec.probabilities[kind];
      if (p > 0 && this.random() < p) return kind;
    }
    return undefined;
  }

  latencyMs(): number {
    const [min, max] = this.spec.latency;
    return max === 0 ? 0 : min + Math.floor(this.random() * (max - min + 1));
  }
}
