// Resolves references given by name to ids, fetching each lookup list once per run: a batch of a
// thousand jobs naming "Software Development" costs one request, not a thousand.
import type { ApiClient } from '../api/client.js';
import { allItems } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { inIndustry } from '../context/resolve.js';
import { ambiguousName, normalizeName as normalize, noSuchName } from '../core/suggest.js';
import { REFERENCES, type Problem, type ReferenceName } from './job-input.js';

interface Candidate extends Named {
  industryId?: number;
}

export class ReferenceResolver {
  private readonly lists = new Map<string, Promise<Candidate[]>>();
  /** "No such name" messages by list and name: a thousand items with one typo cost one search for suggestions. */
  private readonly unknown = new Map<string, string>();

  constructor(private readonly api: ApiClient) {}

  private list(path: string, industryId?: number): Promise<Candidate[]> {
    const key = `${path}?${industryId ?? ''}`;
    let list = this.lists.get(key);
    if (!list) {
      list = allItems<Named>(this.api, path, industryId === undefined ? {} : { industry_id: industryId }, namedShape).then((items) =>
        items.map((i) => ({ ...i, ...(industryId !== undefined ? { industryId } : {}) })),
      );
      this.lists.set(key, list);
    }
    return list;
  }

  /** Job functions or employer types of every industry: for a name given without its industry. */
  private async acrossIndustries(path: string): Promise<Candidate[]> {
    const industries = await this.list('/industries');
    const lists = await Promise.all(industries.map((i) => this.list(path, i.id)));
    return lists.flat();
  }

  /**
   * Replaces the names of `names` with ids in `body`. Returns the problems: unknown names with
   * the closest names, ambiguous ones with their candidates.
   */
  async resolve(body: Record<string, unknown>, names: Partial<Record<ReferenceName, string>>, item?: number): Promise<Problem[]> {
    const problems: Problem[] = [];
    const fail = (field: string, message: string) => problems.push({ ...(item !== undefined ? { item } : {}), field, message });
    for (const ref of REFERENCES) {
      const name = names[ref.name];
      if (name === undefined) continue;
      const industryScoped = ref.name === 'jobFunction' || ref.name === 'employerType';
      const industryId = typeof body.industryId === 'number' ? body.industryId : undefined;
      if (industryScoped && industryId === undefined && names.industry !== undefined) {
        // The industry is unknown (a problem told already): the name is still checked against every
        // industry's, so that a misspelling is told in the same round; its id waits for the industry.
        const everywhere = await this.acrossIndustries(ref.path);
        if (!everywhere.some((c) => normalize(c.name) === normalize(name))) fail(ref.name, noSuchName(ref.what, name, everywhere.map((c) => c.name), ''));
        continue;
      }
      const candidates = industryScoped
        ? industryId !== undefined
          ? await this.list(ref.path, industryId)
          : await this.acrossIndustries(ref.path)
        : await this.list(ref.path);
      const matches = candidates.filter((c) => normalize(c.name) === normalize(name));
      if (matches.length === 1) {
        body[ref.idField] = matches[0]!.id;
        continue;
      }
      const industries = industryScoped ? new Map((await this.list('/industries')).map((i) => [i.id, i.name])) : undefined;
      const show = (c: Candidate) => `${c.id} ${c.name}${industries && c.industryId ? ` (${industries.get(c.industryId)})` : ''}`;
      if (matches.length > 1) {
        fail(ref.name, ambiguousName(name, matches.map(show), `give ${ref.idField} or the industry`));
      } else {
        const where = industryScoped && industryId !== undefined ? inIndustry({ id: industryId, name: industries?.get(industryId) }) : '';
        const key = `${ref.path}?${industryId ?? ''}\n${name}`;
        if (!this.unknown.has(key)) this.unknown.set(key, noSuchName(ref.what, name, candidates.map((c) => c.name), where));
        fail(ref.name, this.unknown.get(key)!);
      }
    }
    return problems;
  }
}
