import type { SegmentStatsRow } from '@curator/shared';
import { render, screen } from '@testing-library/react';

import { SegmentsTable } from './components/segments-table';
import { readSegmentsSearch, toSegmentStatsQuery } from './segments-search';

const row = (id: number, available: number, approved: number): SegmentStatsRow => ({
  _id: id,
  total_available: available,
  total_available_trending: available ? 1 : 0,
  total_available_hyper: 0,
  total_available_emerging: 0,
  total_approved: approved,
  total_approved_trending: 0,
  total_approved_hyper: approved ? 1 : 0,
  total_approved_emerging: 0,
});

describe('segments search and table', () => {
  it('reads the switch and whole-number filters from the URL, dropping bad values', () => {
    expect(
      readSegmentsSearch(
        new URLSearchParams('mode=approved&reel_count_min=5&reel_count_max=-1&template_clips_count_max=2.5'),
      ),
    ).toEqual({
      mode: 'approved',
      filters: { reel_count_min: 5 },
    });
    expect(readSegmentsSearch(new URLSearchParams('mode=other')).mode).toBe('available');
    expect(toSegmentStatsQuery({ reel_count_min: 0, template_clips_count_max: 9 })).toEqual({
      reel_count_min: '0',
      template_clips_count_max: '9',
    });
  });

  it.each([
    ['available', ['2', '3']],
    ['approved', ['3', '4']],
  ] as const)('shows only the rows with %s templates, with that family’s counts', (mode, segments) => {
    render(
      <SegmentsTable rows={[row(2, 5, 0), row(3, 4, 2), row(4, 0, 1)]} mode={mode} loading={false} empty="none" />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(segments);
    expect(screen.getByRole('columnheader', { name: 'Hyper popular' })).toBeTruthy();
  });
});
