import { deriveTemplateBoundariesMs, type TemplateTiming } from './template-boundaries';
import { msToRoundedSeconds } from './time';

export type PlayerMarker = { label: string; timeS: number };

/** Approvals player markers: S at the start, B1… at inner boundaries, E at the end. */
export function deriveApprovalMarkers(timing: TemplateTiming): PlayerMarker[] {
  const boundaries = deriveTemplateBoundariesMs(timing);
  if (boundaries.length < 2) return [];
  const last = boundaries.length - 1;
  return boundaries.map((ms, i) => ({
    label: i === 0 ? 'S' : i === last ? 'E' : `B${i}`,
    timeS: msToRoundedSeconds(ms),
  }));
}

export type ApprovalCounts = { templates_approved: number; beats_done: number };

/** `approved` of GET /api/templates/count/: done beats plus approved templates. */
export function sumApprovals(counts: ApprovalCounts): number {
  return counts.templates_approved + counts.beats_done;
}

/** Which approvals a template list leaves out: GET /api/templates/'s exclude_disapproved and exclude_approved. */
export type ApprovalExclusions = { excludeDisapproved: boolean; excludeApproved: boolean };

/** The approval values (true approved, false disapproved) a template list with these exclusions does not hold. */
export function excludedApprovals({ excludeDisapproved, excludeApproved }: ApprovalExclusions): boolean[] {
  return [...(excludeDisapproved ? [false] : []), ...(excludeApproved ? [true] : [])];
}
