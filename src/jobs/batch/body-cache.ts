// The first pass keeps the serialized bodies it derived, up to a fixed budget, so that the second
// pass can send them without reading, parsing, checking and resolving the items again. Past the
// budget the rest is re-derived from the file: memory stays flat however large the file is.
export const BODY_CACHE_BUDGET = 24 * 1024 * 1024; // characters (≈ bytes for ASCII JSON)

export class BodyCache {
  private readonly bodies = new Map<number, string>();
  private size = 0;
  private full = false;

  constructor(private readonly budget = BODY_CACHE_BUDGET) {}

  /** Keeps `json` unless the budget is spent; once it is, nothing more is kept. */
  put(index: number, json: string): boolean {
    if (this.full || this.size + json.length > this.budget) {
      this.full = true;
      return false;
    }
    this.bodies.set(index, json);
    this.size += json.length;
    return true;
  }

  get(index: number): string | undefined {
    return this.bodies.get(index);
  }

  has(index: number): boolean {
    return this.bodies.has(index);
  }

  clear(): void {
    this.bodies.clear();
    this.size = 0;
    this.full = true;
  }
}
