import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLDERS, DEFAULT_TYPE_KEYS } from './keys';
import { DEFAULT_TAXONOMY } from './rules';

describe('DEFAULT_TAXONOMY', () => {
  it('has every default type exactly once, in a known folder', () => {
    const keys = DEFAULT_TAXONOMY.types.map((t) => t.key);
    expect(keys).toEqual([...DEFAULT_TYPE_KEYS]);
    const folders = new Set<string>(DEFAULT_FOLDERS.map((f) => f.name));
    for (const t of DEFAULT_TAXONOMY.types) expect(folders.has(t.folder)).toBe(true);
    expect(DEFAULT_TAXONOMY.folders.map((f) => f.hexCode)).toEqual(
      DEFAULT_FOLDERS.map((f) => f.hexCode),
    );
  });

  it('gives every type at least one title and some positive keywords', () => {
    for (const t of DEFAULT_TAXONOMY.types) {
      expect(t.titles.length, t.key).toBeGreaterThan(0);
      expect(t.keywords.filter((k) => k.weight > 0).length, t.key).toBeGreaterThan(1);
      for (const k of t.keywords) expect(Number.isFinite(k.weight)).toBe(true);
    }
  });

  it('uses negative keywords to separate the close pairs', () => {
    const negatives = (key: string): string[] =>
      DEFAULT_TAXONOMY.types
        .find((t) => t.key === key)
        ?.keywords.filter((k) => k.weight < 0)
        .map((k) => k.term) ?? [];
    expect(negatives('qme_report')).toContain('agreed medical evaluator');
    expect(negatives('ame_report')).toContain('qualified medical evaluator');
    expect(negatives('notice_of_hearing')).toContain('minutes of hearing');
    expect(negatives('ur_decision')).toContain('final determination');
    expect(negatives('compromise_and_release')).toContain('stipulations with request for award');
    expect(negatives('petition')).toContain('it is ordered');
  });

  it('names the form numbers of the official forms', () => {
    const forms = (key: string): string[] =>
      DEFAULT_TAXONOMY.types.find((t) => t.key === key)?.formNumbers ?? [];
    expect(forms('compromise_and_release')).toContain('DWC-CA form 10214(c)');
    expect(forms('stipulations_with_award')).toContain('DWC-CA form 10214(a)');
    expect(forms('declaration_of_readiness')).toContain('DWC-CA form 10250.1');
    expect(forms('claim_form')).toContain('DWC 1');
    expect(forms('pr2')).toContain('PR-2');
  });
});
