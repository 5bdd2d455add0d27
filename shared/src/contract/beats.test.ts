import { ApprovalListQuerySchema } from './approvals';
import { AudioUsageQuerySchema } from './audio-usage';
import { BeatCreateBodySchema, BeatRenameBodySchema, BeatUpdateBodySchema } from './beats';
import { TemplateApprovedBodySchema, TemplateListQuerySchema, TemplateToggleApprovalBodySchema } from './templates';

const create = { name: 'beat#1', music_canonical_id: '7001', audio_type: 'music' };
const full = { ...create, done: false, type: 'manual', offsets: [2, 1, 1], version: 3 };

describe('beat bodies', () => {
  it('fills create defaults and normalizes offsets', () => {
    expect(BeatCreateBodySchema.parse({ ...create, offsets: [3, 1.005, 3] })).toEqual({
      ...create,
      done: false,
      type: 'manual',
      offsets: [1.01, 3],
    });
  });

  it('refuses unknown fields, operator objects and keys', () => {
    expect(BeatCreateBodySchema.safeParse({ ...create, owner: 'x' }).success).toBe(false);
    expect(BeatCreateBodySchema.safeParse({ ...create, $set: { done: true } }).success).toBe(false);
    expect(BeatCreateBodySchema.safeParse({ ...create, 'offsets.0': 1 }).success).toBe(false);
    expect(BeatCreateBodySchema.safeParse({ ...create, name: { $ne: '' } }).success).toBe(false);
    expect(BeatCreateBodySchema.safeParse({ ...create, music_canonical_id: { $gt: '' } }).success).toBe(false);
  });

  it('refuses a blank name, a bad type and bad offsets', () => {
    expect(BeatCreateBodySchema.safeParse({ ...create, name: '  ' }).success).toBe(false);
    // Nothing a reader sees, or characters that reorder or break the text.
    for (const name of ['\u200b', ' \u200d\u2060 ', 'a\u202eb', 'a\u2066b', 'a\ud800b']) {
      const refused = BeatRenameBodySchema.safeParse({ name });
      expect({ name, issues: refused.error?.issues.length }).toEqual({ name, issues: 1 });
    }
    expect(BeatRenameBodySchema.safeParse({ name: 'chorus 🎵 ok' }).success).toBe(true);
    expect(BeatCreateBodySchema.safeParse({ ...create, type: 'magic' }).success).toBe(false);
    expect(BeatCreateBodySchema.safeParse({ ...create, offsets: [-1] }).success).toBe(false);
    expect(BeatCreateBodySchema.safeParse({ ...create, offsets: ['1'] }).success).toBe(false);
  });

  it('requires an integer version on PUT and tolerates the id', () => {
    expect(BeatUpdateBodySchema.parse({ ...full, id: 'abc' }).offsets).toEqual([1, 2]);
    expect(BeatUpdateBodySchema.safeParse({ ...full, version: undefined }).success).toBe(false);
    expect(BeatUpdateBodySchema.safeParse({ ...full, version: 1.5 }).success).toBe(false);
    expect(BeatUpdateBodySchema.safeParse({ ...full, version: '3' }).success).toBe(false);
  });

  it('accepts derived fields on PUT but not non-integer ms', () => {
    const derived = {
      segments_info: [{ duration_in_ms: 1000 }],
      starting_point_in_ms: 0,
      audio_asset_start_time_in_ms: 0,
    };
    expect(BeatUpdateBodySchema.safeParse({ ...full, ...derived }).success).toBe(true);
    expect(BeatUpdateBodySchema.safeParse({ ...full, segments_info: [{ duration_in_ms: 1.5 }] }).success).toBe(false);
    expect(BeatUpdateBodySchema.safeParse({ ...full, segments_info: [{ duration_in_ms: 1, x: 1 }] }).success).toBe(
      false,
    );
  });

  it('renames with a trimmed name only', () => {
    expect(BeatRenameBodySchema.parse({ name: ' chorus ' })).toEqual({ name: 'chorus' });
    expect(BeatRenameBodySchema.parse({ name: '\u200b chorus\ufeff' })).toEqual({ name: 'chorus' });
    expect(BeatRenameBodySchema.safeParse({ name: 'x', done: true }).success).toBe(false);
  });
});

describe('template and report queries/bodies', () => {
  it('reads the workspace template query', () => {
    expect(
      TemplateListQuerySchema.parse({
        music_canonical_id: '7001',
        exclude_not_started_at_highlight: 'true',
        exclude_disapproved: 'true',
      }),
    ).toEqual({
      music_canonical_id: '7001',
      exclude_not_started_at_highlight: true,
      exclude_disapproved: true,
      exclude_approved: undefined,
    });
    expect(TemplateListQuerySchema.safeParse({}).success).toBe(false);
  });

  it('toggles approval with true or null only', () => {
    const body = {
      template_clips_media_id: 'c1',
      music_canonical_id: '7001',
      audio_id: 'a1',
      segments_count: 1,
      segments_length_ms: 1000,
      segments_info: [{ duration_in_ms: 1000 }],
      audio_asset_start_time_in_ms: 0,
    };
    expect(TemplateToggleApprovalBodySchema.safeParse({ ...body, approved: true }).success).toBe(true);
    expect(TemplateToggleApprovalBodySchema.safeParse({ ...body, approved: null }).success).toBe(true);
    expect(TemplateToggleApprovalBodySchema.safeParse({ ...body, approved: false }).success).toBe(false);
    expect(
      TemplateApprovedBodySchema.safeParse({ music_canonical_id: '1', template_clips_media_id: 'c', approved: false })
        .success,
    ).toBe(true);
  });

  it('reads approvals tags as a list and usage dates as Date', () => {
    expect(ApprovalListQuerySchema.parse({ skip: '100', tags: 'bad' })).toEqual({ skip: 100, tags: ['bad'] });
    const usage = AudioUsageQuerySchema.parse({ taken_at_from: '2024-01-01T00:00:00Z' });
    expect(usage.taken_at_from).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(AudioUsageQuerySchema.safeParse({ taken_at_to: '31/12/2024' }).success).toBe(false);
  });
});
