// Edges of the wizard and of reading a job back.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { call, useSandbox, validJob, words } from '../../helpers/sandbox.js';

describe('jobs get keeps the paragraphs of a description', () => {
  const sandbox = useSandbox({ activeJobLimit: 1000 });

  it('shows the blank line between two paragraphs on a terminal', async () => {
    const description = `${words(60)}\n\n${words(60)}`;
    const created = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title: 'Two Paragraphs', description }) });
    expect(created.status).toBe(201);
    const got = await runCli(['jobs', 'get', String(created.body.id), '--base-url', sandbox.current.baseUrl], {
      tty: true,
      columns: 100,
      env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' },
    });
    expect(got.code).toBe(0);
    const lines = got.stdout.split('\n');
    const start = lines.findIndex((l) => l.startsWith('Description'));
    const block = lines.slice(start, lines.findIndex((l, i) => i > start && /^\S/.test(l)));
    expect(block.some((l) => l.trim() === '')).toBe(true);
  });
});

describe('the wizard lookup lists', () => {
  const sandbox = useSandbox();

  async function sourceOf(path: string, extra: Record<string, unknown> = {}) {
    const { ApiClient } = await import('../../../src/api/client.js');
    const { lookupSource } = await import('../../../src/wizard/lookup-source.js');
    const api = new ApiClient({ baseUrl: sandbox.current.baseUrl, token: 'sbx_staffing_full', userAgent: 'recruit-test' });
    return { api, source: lookupSource(api, { path, canGoBack: true, ...extra }) };
  }

  it('filters customers by the city and country shown beside each name', async () => {
    const label = (c: { name: string; city?: unknown; country?: unknown }) => `${c.name} (${String(c.city)}, ${String(c.country)})`;
    const { api, source } = await sourceOf('/customers', { label });
    try {
      const names = (await source('Munich')).filter((c) => !c.disabled).map((c) => c.name);
      expect(names[0]).toBe('Wingtip Toys (Munich, Germany)');
      expect((await source('germany')).filter((c) => !c.disabled && typeof c.value === 'object' && c.value !== null && 'id' in c.value)).toHaveLength(2);
    } finally {
      await api.close();
    }
  });

  it('a typo that matches nothing offers the closest names, the best under the cursor', async () => {
    const { api, source } = await sourceOf('/industries', { none: 'No industry' });
    try {
      const choices = await source('Informaton Technolgy');
      expect(choices[0]).toMatchObject({ name: 'nothing matches "Informaton Technolgy"; did you mean:', disabled: ' ' });
      const offered = choices.filter((c) => !c.disabled);
      expect(offered[0]).toMatchObject({ name: 'Information Technology', value: { name: 'Information Technology' } });
      expect(offered.length).toBeLessThanOrEqual(3);
    } finally {
      await api.close();
    }
  });

  it('offers nothing Enter could pick when nothing matches: no "← Back" under the cursor', async () => {
    const { api, source } = await sourceOf('/industries', { none: 'No industry' });
    try {
      const choices = await source('zzzz nothing');
      expect(choices.filter((c) => !c.disabled)).toEqual([]);
      expect(choices.map((c) => c.name).join('\n')).toContain('nothing matches "zzzz nothing"');
    } finally {
      await api.close();
    }
  });
});
