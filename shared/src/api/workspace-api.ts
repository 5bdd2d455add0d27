import { describeRequestError, injectScreenEndpoints, statusOf } from '@curator/shared/kernel';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import type { AutobeatAnswer, StemStatus } from '../contract/analysis';
import type { AudioDetail, LockState } from '../contract/audio';
import type { Beat, BeatCreateBody, BeatImage, BeatUpdateBody } from '../contract/beats';
import type { HlPointTop } from '../contract/hlpoints';
import {
  type TemplateApproval,
  type TemplateApprovedBody,
  type TemplateListQueryParams,
  TemplateListQuerySchema,
  type TemplateToggleApprovalBody,
} from '../contract/templates';
import { excludedApprovals } from '../domain/approvals';
import { audioReadPath } from '../domain/first-reads';
import { SCREEN_NAME } from './build-info';
import { catalogApi } from './catalog-api';
import { postInTurn, settleShownChange } from './post-in-turn';

/** Audio detail as the workspace reads it (with peaks_url once the analysis has computed the waveform). */
export type WorkspaceAudio = AudioDetail;

export type BeatUpdateArgs = { id: string; body: BeatUpdateBody };
export type BeatRenameArgs = { id: string; name: string };
export type BeatDoneArgs = { id: string; done: boolean };
/** A save of the audio's ending points, with the list it was made from (`based_on`: another by now → 409). */
export type EndingPointsArgs = { id: string; ending_points: number[]; based_on?: number[] };
/** A lock attempt: held by the caller, or refused with the holder's name (409 is an answer here, not an error). */
export type LockAttempt = LockState & { refusedBy: string | null };
/** One stem status reading; `requestError` is set (and logged) when the reading itself failed. */
export type StemReading = StemStatus & { requestError?: string };

const beatsTag = (musicCanonicalId: string) => ({ type: 'Beat' as const, id: musicCanonicalId });
const LOCKED_BY_PREFIX = 'Locked by ';

/** The holder named by a 409 `Locked by {user}` answer. */
function readRefusedBy(error: FetchBaseQueryError): string {
  const detail = (error.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail.startsWith(LOCKED_BY_PREFIX)
    ? detail.slice(LOCKED_BY_PREFIX.length)
    : 'another user';
}

type ApprovalChange = { music_canonical_id: string; template_clips_media_id: string; approved: boolean | null };
type PatchApi = {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: TemplateApproval }>;
  requestId: string;
};

const approvalKey = (change: ApprovalChange) =>
  JSON.stringify(['template approval', change.music_canonical_id, change.template_clips_media_id]);

/** The approvals a cached template list's query leaves out. */
function excludedApprovalsOf(args: TemplateListQueryParams): boolean[] {
  const query = TemplateListQuerySchema.safeParse(args);
  return query.success
    ? excludedApprovals({
        excludeDisapproved: query.data.exclude_disapproved === true,
        excludeApproved: query.data.exclude_approved === true,
      })
    : [];
}

/**
 * Shows a template's new approval in every cached template list of its audio at once, then the approval the server
 * answers; a list whose query leaves that approval out (exclude_disapproved, exclude_approved) drops the template.
 * The lists are patched rather than read again: a list read while a later click was on its way would show the earlier
 * approval over it. Only a template's newest change writes its answer, or undoes itself when refused; refused after
 * other changes that were still on their way, it reads the lists again (what those showed may not be the server's).
 */
async function showApproval(
  change: ApprovalChange,
  { dispatch, getState, queryFulfilled, requestId }: PatchApi,
): Promise<void> {
  const show = (approved: boolean | null) =>
    catalogApi.util
      .selectCachedArgsForQuery(getState() as never, 'listTemplates')
      .filter((args) => args.music_canonical_id === change.music_canonical_id)
      .map((args) => {
        const leftOut = approved !== null && excludedApprovalsOf(args).includes(approved);
        return dispatch(
          catalogApi.util.updateQueryData('listTemplates', args, (templates) => {
            const index = templates.findIndex(
              (t) => t.template_info.template_clips_media_id === change.template_clips_media_id,
            );
            if (index < 0) return;
            if (leftOut) templates.splice(index, 1);
            else templates[index].template_meta.approved = approved;
          }),
        ) as { undo: () => void };
      });
  await settleShownChange(approvalKey(change), requestId, () => show(change.approved), queryFulfilled, {
    accepted: (answer) => show(answer.approved),
    readAgain: () => dispatch(catalogApi.util.invalidateTags([{ type: 'Template', id: change.music_canonical_id }])),
  });
}

/** Endpoints of the audio workspace (/beats/{id}/): audio, beats, approvals, ending points, lock, analysis. */
export const workspaceApi = injectScreenEndpoints(SCREEN_NAME, (build) => ({
  getWorkspaceAudio: build.query<WorkspaceAudio, string>({
    query: audioReadPath,
    providesTags: (_result, _error, id) => [{ type: 'Audio', id }],
  }),
  listBeats: build.query<Beat[], string>({
    query: (musicCanonicalId) => `beats/?music_canonical_id=${encodeURIComponent(musicCanonicalId)}`,
    providesTags: (_result, _error, musicCanonicalId) => [beatsTag(musicCanonicalId)],
  }),
  createBeat: build.mutation<Beat, BeatCreateBody>({
    query: (body) => ({ url: 'beats/', method: 'POST', body }),
    async onQueryStarted(body, { dispatch, queryFulfilled }) {
      const { data } = await queryFulfilled.catch(() => ({ data: null }));
      if (data)
        dispatch(
          workspaceApi.util.updateQueryData('listBeats', body.music_canonical_id, (beats) => {
            if (!beats.some((b) => b.id === data.id)) beats.push(data);
          }),
        );
    },
    invalidatesTags: (_result, error, body) =>
      error ? [beatsTag(body.music_canonical_id)] : [{ type: 'Audio', id: 'LIST' }],
  }),
  /** Full PUT with the version read; a stale version is refused (409) and nothing is overwritten. */
  updateBeat: build.mutation<Beat, BeatUpdateArgs>({
    query: ({ id, body }) => ({ url: `beats/${encodeURIComponent(id)}/`, method: 'PUT', body }),
  }),
  renameBeat: build.mutation<Beat, BeatRenameArgs>({
    query: ({ id, name }) => ({ url: `beats/${encodeURIComponent(id)}/`, method: 'PATCH', body: { name } }),
  }),
  deleteBeat: build.mutation<void, { id: string; musicCanonicalId: string }>({
    query: ({ id }) => ({ url: `beats/${encodeURIComponent(id)}/`, method: 'DELETE' }),
    invalidatesTags: (_result, _error, { musicCanonicalId }) => [
      beatsTag(musicCanonicalId),
      { type: 'Audio', id: 'LIST' },
    ],
  }),
  toggleBeatDone: build.mutation<{ done: boolean; version?: number }, BeatDoneArgs>({
    query: ({ id, done }) => ({
      url: `beats/${encodeURIComponent(id)}/toggle_beats_done/`,
      method: 'POST',
      body: { done },
    }),
    invalidatesTags: [
      { type: 'Approval', id: 'LIST' },
      { type: 'Audio', id: 'LIST' },
    ],
  }),
  toggleTemplateApproval: build.mutation<TemplateApproval, TemplateToggleApprovalBody>({
    // One template's approval calls, toggles and deletes alike, reach the server in the order clicked.
    queryFn: (body, _api, _extra, baseQuery) =>
      postInTurn<TemplateApproval>(approvalKey(body), baseQuery, {
        url: 'template-toggle-approval/',
        method: 'POST',
        body,
      }),
    onQueryStarted: (body, api) => showApproval(body, api),
    invalidatesTags: [{ type: 'Approval', id: 'LIST' }],
  }),
  setTemplateApproved: build.mutation<TemplateApproval, TemplateApprovedBody>({
    queryFn: (body, _api, _extra, baseQuery) =>
      postInTurn<TemplateApproval>(approvalKey(body), baseQuery, { url: 'template-approved/', method: 'POST', body }),
    onQueryStarted: (body, api) => showApproval(body, api),
    invalidatesTags: [{ type: 'Approval', id: 'LIST' }],
  }),
  saveEndingPoints: build.mutation<{ ending_points: number[] }, EndingPointsArgs>({
    query: ({ id, ...body }) => ({ url: `${audioReadPath(id)}eps/`, method: 'POST', body }),
  }),
  lockAudio: build.mutation<LockAttempt, string>({
    async queryFn(id, _api, _extra, baseQuery) {
      const answer = await baseQuery({ url: `${audioReadPath(id)}lock/`, method: 'POST' });
      if (answer.data) return { data: { ...(answer.data as LockState), refusedBy: null } };
      const error = answer.error as FetchBaseQueryError;
      if (statusOf(error) === 409) {
        const holder = readRefusedBy(error);
        return { data: { locked: true, locked_by: holder, refusedBy: holder } };
      }
      return { error };
    },
  }),
  unlockAudio: build.mutation<LockState, string>({
    query: (id) => ({ url: `${audioReadPath(id)}unlock/`, method: 'POST' }),
    invalidatesTags: [{ type: 'Audio', id: 'LIST' }],
  }),
  requestStems: build.mutation<StemStatus, string>({
    query: (id) => ({ url: `${audioReadPath(id)}stem/`, method: 'POST' }),
  }),
  /** Stem status for polling; a failed reading is logged and returned as data, so polling can stop quietly. */
  getStemStatus: build.query<StemReading, string>({
    async queryFn(id, _api, _extra, baseQuery) {
      const answer = await baseQuery(`${audioReadPath(id)}stem/`);
      if (answer.data) return { data: answer.data as StemStatus };
      const text = describeRequestError(answer.error, 'no response').join('; ');
      console.error(`stem status of ${id} failed: ${text}`);
      return { data: { stem_status: null, requestError: text } };
    },
  }),
  runAutobeat: build.mutation<AutobeatAnswer, string>({
    query: (id) => ({ url: `autobeat/${encodeURIComponent(id)}/`, method: 'POST' }),
  }),
  listBeatImages: build.query<BeatImage[], void>({
    query: () => 'beatimages/',
  }),
  getTopHlPoint: build.query<HlPointTop, void>({
    query: () => 'hlpoints/top/',
    providesTags: [{ type: 'HlPoint', id: 'TOP' }],
  }),
}));

export const useGetWorkspaceAudioQuery = workspaceApi.endpoints.getWorkspaceAudio.useQuery;
export const useListBeatsQuery = workspaceApi.endpoints.listBeats.useQuery;
export const useCreateBeatMutation = workspaceApi.endpoints.createBeat.useMutation;
export const useUpdateBeatMutation = workspaceApi.endpoints.updateBeat.useMutation;
export const useRenameBeatMutation = workspaceApi.endpoints.renameBeat.useMutation;
export const useDeleteBeatMutation = workspaceApi.endpoints.deleteBeat.useMutation;
export const useToggleBeatDoneMutation = workspaceApi.endpoints.toggleBeatDone.useMutation;
export const useToggleTemplateApprovalMutation = workspaceApi.endpoints.toggleTemplateApproval.useMutation;
export const useSetTemplateApprovedMutation = workspaceApi.endpoints.setTemplateApproved.useMutation;
export const useSaveEndingPointsMutation = workspaceApi.endpoints.saveEndingPoints.useMutation;
export const useLockAudioMutation = workspaceApi.endpoints.lockAudio.useMutation;
export const useUnlockAudioMutation = workspaceApi.endpoints.unlockAudio.useMutation;
export const useRequestStemsMutation = workspaceApi.endpoints.requestStems.useMutation;
export const useGetStemStatusQuery = workspaceApi.endpoints.getStemStatus.useQuery;
export const useRunAutobeatMutation = workspaceApi.endpoints.runAutobeat.useMutation;
export const useListBeatImagesQuery = workspaceApi.endpoints.listBeatImages.useQuery;
export const useGetTopHlPointQuery = workspaceApi.endpoints.getTopHlPoint.useQuery;
