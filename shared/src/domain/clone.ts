import { normalizeOffsets } from './offsets';
import { deriveTemplateBoundariesMs, type TemplateTiming } from './template-boundaries';
import { msToSeconds } from './time';

/**
 * Name of a new beat: the typed name trimmed, or when empty 'beat#N' with N = beat count + 1, or
 * the next N whose name no beat of the audio has (`takenNames`) after a deletion.
 */
export function nameNewBeat(typedName: string, beatCount: number, takenNames: Iterable<string> = []): string {
  const name = typedName.trim();
  if (name !== '') return name;
  const taken = new Set(takenNames);
  let n = beatCount + 1;
  while (taken.has(`beat#${n}`)) n += 1;
  return `beat#${n}`;
}

/** Name of a cloned beat (docs/rules.md "Clone"); templateRowNumber is the 1-based row index of the template. */
export function nameClonedBeat(beatCount: number, templateRowNumber: number): string {
  return `beat#${beatCount + 1} copy of tmpl#${templateRowNumber}`;
}

/** Offsets of a clone: the template boundaries in seconds without the start itself. */
export function deriveCloneOffsets(timing: TemplateTiming): number[] {
  return normalizeOffsets(deriveTemplateBoundariesMs(timing).slice(1).map(msToSeconds));
}

export type ClonedBeat = { name: string; offsetsS: number[] };

/** Name and offsets of the beat that cloning a template creates. */
export function buildClonedBeat(beatCount: number, templateRowNumber: number, timing: TemplateTiming): ClonedBeat {
  return { name: nameClonedBeat(beatCount, templateRowNumber), offsetsS: deriveCloneOffsets(timing) };
}
