import {
  type Beat,
  deriveSegments,
  deriveTemplateBoundariesMs,
  deriveTemplateSegments,
  isSimilar,
  msToRoundedSeconds,
  normalizeEndingPoints,
  type Segment,
  type Template,
  type TemplateTiming,
  useListBeatImagesQuery,
  useListBeatsQuery,
  useListTemplatesQuery,
  type WorkspaceAudio,
} from '@curator/shared';
import { useGetMeQuery } from '@curator/shared/kernel';
import { useMemo, useReducer } from 'react';

import type { TemplateRow } from '../features/beats-templates/components/templates-table';
import { buildPlatformReelUrl } from '../lib/platform-links';
import { editorReducer, initialEditorState, withShownSelection } from './editor-state';

/** A template's timing for the domain rules: its start and segment durations, ms. */
export function toTemplateTiming(template: Template): TemplateTiming {
  return {
    startMs: template.audio_asset_start_time_in_ms,
    segmentDurationsMs: template.template_info.segments_info.map((s) => s.duration_in_ms),
  };
}

export const templateIdOf = (template: Template) => template.template_info.template_clips_media_id;

/** Everything the workspace shows, derived from the server's data and the editor's selections. */
export function useWorkspaceModel(audio: WorkspaceAudio) {
  const [editor, dispatchEditor] = useReducer(editorReducer, initialEditorState);
  const { data: me } = useGetMeQuery();
  const { data: beats = [] } = useListBeatsQuery(audio.id);
  const { data: templates = [] } = useListTemplatesQuery({
    music_canonical_id: audio.id,
    exclude_not_started_at_highlight: true,
    exclude_disapproved: true,
  });
  const { data: images = [] } = useListBeatImagesQuery();

  return useMemo(() => {
    const rules = {
      isOriginalSound: audio.is_original_sound,
      highlightStartTimesMs: audio.highlight_start_times_in_ms,
    };
    const activeBeat: Beat | null = beats.find((b) => b.id === editor.activeBeatId) ?? null;
    const activeTemplate: Template | null = templates.find((t) => templateIdOf(t) === editor.activeTemplateId) ?? null;
    const beatDerived = activeBeat ? deriveSegments({ offsetsS: activeBeat.offsets, ...rules }) : null;
    const templateTiming = activeTemplate ? toTemplateTiming(activeTemplate) : null;
    const offsetsS = beatDerived
      ? beatDerived.boundariesS
      : templateTiming
        ? deriveTemplateBoundariesMs(templateTiming).map(msToRoundedSeconds)
        : [];
    const segments: Segment[] = beatDerived
      ? beatDerived.segments
      : templateTiming
        ? deriveTemplateSegments(templateTiming)
        : [];
    const beatDurations = beatDerived ? beatDerived.segments_info.map((s) => s.duration_in_ms) : null;
    const templateRows: TemplateRow[] = templates.map((t, i) => ({
      id: templateIdOf(t),
      index: i + 1,
      isSimilar:
        beatDurations !== null &&
        isSimilar(beatDurations, toTemplateTiming(t).segmentDurationsMs, editor.similarityPercent),
      clipsCount: t.template_entry.clips_count,
      segmentsCount: t.template_info.segments_info.length,
      isApproved: t.template_meta.approved === true,
      reelUrl: buildPlatformReelUrl(t.code),
    }));
    const endingPointsS = normalizeEndingPoints(audio.eps);
    return {
      audio,
      me,
      beats,
      templates,
      templateRows,
      editor: withShownSelection(editor, activeBeat ? offsetsS : [], endingPointsS),
      dispatchEditor,
      rules,
      imageUrls: images.map((image) => image.image),
      endingPointsS,
      activeBeat,
      activeTemplate,
      templateTiming,
      offsetsS,
      segments,
      /** Start of the first segment of the active beat or template (EP Simulator), seconds. */
      startS: beatDerived?.startS ?? segments[0]?.fromS ?? 0,
    };
  }, [audio, me, beats, templates, images, editor]);
}

export type WorkspaceModel = ReturnType<typeof useWorkspaceModel>;
