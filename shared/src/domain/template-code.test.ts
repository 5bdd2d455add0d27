import { buildTemplateCode, serializeTemplateCode } from './template-code';

const audio = { id: '7001', audio_id: 'a-42', audio_name: 'Song', artist_name: 'Singer', is_original_sound: false };

describe('buildTemplateCode', () => {
  it('builds exactly the fields of the copyable template code', () => {
    const code = buildTemplateCode(audio, {
      segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 1500 }],
      audio_asset_start_time_in_ms: 3000,
      template_clips_media_id: 'clip-9',
    });
    expect(code).toEqual({
      audio_id: 'a-42',
      audio_type: 'music',
      audio_name: 'Song',
      audio_artist_name: 'Singer',
      audio_canonical_id: '7001',
      music_canonical_id: '7001',
      segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 1500 }],
      audio_asset_start_time_in_ms: 3000,
      template_clips_media_id: 'clip-9',
      segments_count: 2,
      segments_length_ms: 2500,
    });
  });

  it('marks original sound and handles a beat with no segments', () => {
    const code = buildTemplateCode(
      { ...audio, is_original_sound: true },
      {
        segments_info: [],
        audio_asset_start_time_in_ms: null,
        template_clips_media_id: null,
      },
    );
    expect(code.audio_type).toBe('original_sound');
    expect(code.segments_count).toBe(0);
    expect(code.segments_length_ms).toBe(0);
  });

  it('copies only duration_in_ms from segment entries', () => {
    const extra = { duration_in_ms: 10, other: 1 } as { duration_in_ms: number };
    const code = buildTemplateCode(audio, {
      segments_info: [extra],
      audio_asset_start_time_in_ms: 0,
      template_clips_media_id: null,
    });
    expect(code.segments_info).toEqual([{ duration_in_ms: 10 }]);
  });

  it('serializes to parseable JSON', () => {
    const code = buildTemplateCode(audio, {
      segments_info: [],
      audio_asset_start_time_in_ms: 0,
      template_clips_media_id: 'x',
    });
    expect(JSON.parse(serializeTemplateCode(code))).toEqual(code);
  });
});
