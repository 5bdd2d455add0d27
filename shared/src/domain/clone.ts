import { normalizeOffsets } from './offsets';
import { deriveTemplateBoundariesMs, type TemplateTiming } from './template-boundaries';
import { msToSeconds } from './time';

/** The first n from `from` on for which `nameOf(n)` is no name in `takenNames`. */
function firstFreeName(nameOf: (n: number) => string, from: number, takenNames: Iterable<string>): string {
  const taken = new Set(takenNames);
  let n = from;
  while (taken.has(nameOf(n))) n += 1;
  return nameOf(n);
}

/**
 * Name of a new beat: the typed name trimmed, or when empty 'beat#N' with N = beat count + 1, or
 * the next N whose name no beat of the audio has (`takenNames`) after a deletion.
 */
export function nameNewBeat(typedName: string, beatCount: number, takenNames: Iterable<string> = []): string {
  const name = typedName.trim();
  return name !== '' ? name : firstFreeName((n) => `beat#${n}`, beatCount + 1, takenNames);
}

/**
 * Name of a cloned beat (docs/rules.md "Clone"): n = beat count + 1, or the next n whose name no beat of the audio has
 * (`takenNames`) after a deletion; templateRowNumber is the 1-based row index of the template.
 */
export function nameClonedBeat(
  beatCount: number,
  templateRowNumber: number,
  takenNames: Iterable<string> = [],
): string {
  return firstFreeName((n) => `beat#${n} copy of tmpl#${templateRowNumber}`, beatCount + 1, takenNames);
}

/** Offsets of a clone: the template boundaries in seconds without the start itself. */
export function deriveCloneOffsets(timing: TemplateTiming): number[] {
  return normalizeOffsets(deriveTemplateBoundariesMs(timing).slice(1).map(msToSeconds));
}

export type ClonedBeat = { name: string; offsetsS: number[] };

/** Name and offsets of the beat that cloning a template creates. */
export function buildClonedBeat(
  beatCount: number,
  templateRowNumber: number,
  timing: TemplateTiming,
  takenNames: Iterable<string> = [],
): ClonedBeat {
  return { name: nameClonedBeat(beatCount, templateRowNumber, takenNames), offsetsS: deriveCloneOffsets(timing) };
}
