import {
  buildClonedBeat,
  buildTemplateCode,
  serializeTemplateCode,
  type Template,
  useAppDispatch,
  useSetTemplateApprovedMutation,
  useToggleTemplateApprovalMutation,
} from '@curator/shared';
import { toastPushed } from '@curator/shared/kernel';
import { useRef } from 'react';

import type { useBeatActions } from './use-beat-actions';
import { templateIdOf, toTemplateTiming, type WorkspaceModel } from './use-workspace-model';

/** Template actions: approve, delete (disapprove), clone into a beat, copy code, play. */
export function useTemplateActions(
  model: WorkspaceModel,
  beatActions: ReturnType<typeof useBeatActions>,
  canWrite: () => boolean,
  play: (fromS: number, toS: number) => void,
) {
  const dispatch = useAppDispatch();
  const [toggleApproval] = useToggleTemplateApprovalMutation();
  const [setApproved] = useSetTemplateApprovedMutation();
  const { audio, templates, beats, dispatchEditor, editor } = model;
  // A clone on its way: a second press (a double-click) would name a second beat the same before the first arrives.
  const isCloning = useRef(false);
  const find = (id: string) => templates.find((t) => templateIdOf(t) === id);
  const codeOf = (t: Template) =>
    buildTemplateCode(audio, {
      segments_info: t.template_info.segments_info,
      audio_asset_start_time_in_ms: t.audio_asset_start_time_in_ms,
      template_clips_media_id: templateIdOf(t),
    });

  return {
    approve: (id: string, approved: boolean) => {
      const template = find(id);
      if (!template || !canWrite()) return;
      const code = codeOf(template);
      void toggleApproval({
        template_clips_media_id: id,
        music_canonical_id: audio.id,
        audio_id: audio.audio_id,
        segments_count: code.segments_count,
        segments_length_ms: code.segments_length_ms,
        segments_info: code.segments_info,
        audio_asset_start_time_in_ms: code.audio_asset_start_time_in_ms,
        approved: approved ? true : null,
      });
    },
    remove: (id: string) => {
      if (!canWrite()) return;
      if (editor.activeTemplateId === id) dispatchEditor({ type: 'templateActivated', templateId: null });
      void setApproved({ music_canonical_id: audio.id, template_clips_media_id: id, approved: false });
    },
    clone: (id: string) => {
      const index = templates.findIndex((t) => templateIdOf(t) === id);
      if (index < 0 || isCloning.current || !canWrite()) return;
      const clone = buildClonedBeat(
        beats.length,
        index + 1,
        toTemplateTiming(templates[index]),
        beats.map((b) => b.name),
      );
      isCloning.current = true;
      void beatActions
        .createFrom(clone.name, 'manual', clone.offsetsS, { template_clips_media_id: id })
        .finally(() => (isCloning.current = false));
    },
    copyCode: (id: string) => {
      const template = find(id);
      if (!template) return;
      const text = serializeTemplateCode(codeOf(template));
      navigator.clipboard.writeText(text).then(
        () => dispatch(toastPushed('info', 'Template code copied')),
        () => dispatch(toastPushed('error', 'The clipboard refused the template code')),
      );
    },
    play: (id: string) => {
      const template = find(id);
      if (!template) return;
      dispatchEditor({ type: 'templateActivated', templateId: id });
      const timing = toTemplateTiming(template);
      const startS = (timing.startMs ?? 0) / 1000;
      play(startS, startS + timing.segmentDurationsMs.reduce((a, b) => a + b, 0) / 1000);
    },
  };
}
