import { buildSampledSet, SAMPLED_KITS } from './sampled-set';

describe('sampled set', () => {
  it('plays kits in the held-out half that the tuning half never hears', () => {
    const tuningKits = new Set(buildSampledSet('tuning').map((t) => t.spec.kit));
    const heldOutKits = new Set(buildSampledSet('held-out').map((t) => t.spec.kit));
    expect([...tuningKits].sort()).toEqual([...SAMPLED_KITS.tuning].sort());
    expect([...heldOutKits].filter((kit) => tuningKits.has(kit))).toEqual([]);
  });

  it("draws the study half from the tuning half's patterns and kits with seeds of its own", () => {
    const tuning = buildSampledSet('tuning');
    const study = buildSampledSet('study');
    const heldOut = buildSampledSet('held-out');
    expect(study.map((t) => [t.kind, t.spec.kit])).toEqual(tuning.map((t) => [t.kind, t.spec.kit]));
    const otherSeeds = new Set([...tuning, ...heldOut].map((t) => t.spec.seed));
    expect(study.filter((t) => otherSeeds.has(t.spec.seed))).toEqual([]);
    expect(study.filter((t, i) => t.spec.bpm !== tuning[i].spec.bpm).length).toBeGreaterThan(study.length - 3);
  });
});
