import { injectScreenEndpoints } from '@curator/shared/kernel';

import type {
  ApprovalDetail,
  ApprovalListQueryParams,
  ApprovalPage,
  ApprovalParams,
  ApprovalRow,
} from '../contract/approvals';
import type { AudioDetail } from '../contract/audio';
import type { AudioUsageQueryParams, AudioUsageRow } from '../contract/audio-usage';
import type { HlPoint } from '../contract/hlpoints';
import type { Metric } from '../contract/metrics';
import type { SegmentStatsQueryParams, SegmentStatsRow } from '../contract/segment-stats';
import type { TemplateCount, TemplatesFromReels } from '../contract/templates';
import { toQueryString } from '../domain/first-reads';
import { SCREEN_NAME } from './build-info';

type Query = Parameters<typeof toQueryString>[0];

/** Reports: audio usage, approvals review, segment statistics, HL points and metrics. */
export const reportsApi = injectScreenEndpoints(SCREEN_NAME, (build) => ({
  listAudioUsage: build.query<AudioUsageRow[], AudioUsageQueryParams>({
    query: (params) => `audio-usage/${toQueryString(params as Query)}`,
    // Rows carry the audio's tags: a taggify of one of them refreshes the page.
    providesTags: (rows) => [
      { type: 'Usage', id: 'LIST' },
      ...(rows ?? []).map((row) => ({ type: 'Audio' as const, id: row.id })),
    ],
  }),
  getSegmentStats: build.query<SegmentStatsRow[], SegmentStatsQueryParams>({
    query: (params) => `segment/stats/${toQueryString(params as Query)}`,
    providesTags: [{ type: 'Segment', id: 'LIST' }],
  }),
  getTemplatesFromReels: build.query<TemplatesFromReels, void>({
    query: () => 'templates/from_reels/',
    providesTags: [{ type: 'Template', id: 'FROM_REELS' }],
  }),
  getTemplatesCount: build.query<TemplateCount, void>({
    query: () => 'templates/count/',
    providesTags: [{ type: 'Approval', id: 'COUNT' }],
  }),
  listApprovals: build.query<ApprovalPage, ApprovalListQueryParams>({
    query: (params) => `approvals/${toQueryString(params as Query)}`,
    providesTags: [{ type: 'Approval', id: 'LIST' }],
  }),
  getApprovalDetail: build.query<ApprovalDetail, ApprovalParams>({
    query: ({ src, id }) => `approvals/${src}/${encodeURIComponent(id)}/`,
    providesTags: (_result, _error, { src, id }) => [{ type: 'Approval', id: `${src}:${id}` }],
  }),
  /** The audio behind an approval row, for its waveform peaks url. */
  getReportAudio: build.query<AudioDetail, string>({
    query: (id) => `audio/${encodeURIComponent(id)}/`,
    providesTags: (_result, _error, id) => [{ type: 'Audio', id }],
  }),
  /** The approvals page's remove: a template's approval becomes null, a beat is no longer done. */
  unapprove: build.mutation<unknown, ApprovalRow>({
    query: (row) =>
      row.src === 'template'
        ? {
            url: 'template-approved/',
            method: 'POST',
            body: {
              music_canonical_id: row.music_canonical_id,
              template_clips_media_id: row.template_clips_media_id ?? row.id,
              approved: null,
            },
          }
        : { url: `beats/${encodeURIComponent(row.id)}/toggle_beats_done/`, method: 'POST', body: { done: false } },
    invalidatesTags: (_result, error, row) =>
      error
        ? []
        : [
            { type: 'Approval', id: 'LIST' },
            { type: 'Approval', id: 'COUNT' },
            { type: 'Audio', id: 'LIST' },
            { type: 'Audio', id: row.music_canonical_id },
            { type: 'Template', id: row.music_canonical_id },
            { type: 'Beat', id: row.music_canonical_id },
            { type: 'Segment', id: 'LIST' },
            { type: 'Metric', id: 'LIST' },
          ],
  }),
  listHlPoints: build.query<HlPoint[], void>({
    query: () => 'hlpoints/',
    providesTags: [{ type: 'HlPoint', id: 'LIST' }],
  }),
  listMetrics: build.query<Metric[], void>({
    query: () => 'metrics/',
    providesTags: [{ type: 'Metric', id: 'LIST' }],
  }),
}));

export const useListAudioUsageQuery = reportsApi.endpoints.listAudioUsage.useQuery;
export const useGetSegmentStatsQuery = reportsApi.endpoints.getSegmentStats.useQuery;
export const useGetTemplatesFromReelsQuery = reportsApi.endpoints.getTemplatesFromReels.useQuery;
export const useGetTemplatesCountQuery = reportsApi.endpoints.getTemplatesCount.useQuery;
export const useListApprovalsQuery = reportsApi.endpoints.listApprovals.useQuery;
export const useGetApprovalDetailQuery = reportsApi.endpoints.getApprovalDetail.useQuery;
export const useGetReportAudioQuery = reportsApi.endpoints.getReportAudio.useQuery;
export const useUnapproveMutation = reportsApi.endpoints.unapprove.useMutation;
export const useListHlPointsQuery = reportsApi.endpoints.listHlPoints.useQuery;
export const useListMetricsQuery = reportsApi.endpoints.listMetrics.useQuery;
