import type { MarkerInput } from '../features/waveform/marker-layout';
import type { WorkspaceModel } from './use-workspace-model';

/** Markers over the waveform: highlights, ending points, and the active beat's offsets or template's boundaries. */
export function buildWorkspaceMarkers(model: WorkspaceModel): MarkerInput[] {
  const { editor } = model;
  const markers: MarkerInput[] = model.audio.highlight_start_times_in_ms.map((ms, i) => ({
    timeS: ms / 1000,
    kind: 'highlight',
    label: `HL${i + 1}`,
  }));
  model.endingPointsS.forEach((timeS, i) =>
    markers.push({
      timeS,
      kind: timeS === editor.selectedEndingPointS ? 'selected-ending-point' : 'ending-point',
      label: `EP${i + 1}`,
    }),
  );
  if (model.activeBeat) {
    model.offsetsS.forEach((timeS) =>
      markers.push({ timeS, kind: timeS === editor.selectedOffsetS ? 'selected-offset' : 'offset' }),
    );
  } else if (model.activeTemplate) {
    model.offsetsS.forEach((timeS) => markers.push({ timeS, kind: 'template' }));
  }
  return markers;
}
