import './reports.css';

import { Route, Routes } from 'react-router-dom';

import { ApprovalsScreen } from '../features/approvals/approvals-screen';
import { AudioUsageScreen } from '../features/audio-usage/audio-usage-screen';
import { HlPointsScreen } from '../features/hlpoints/hlpoints-screen';
import { MetricsScreen } from '../features/metrics/metrics-screen';
import { SegmentsScreen } from '../features/segments/segments-screen';

export function ReportsRoutes() {
  return (
    <Routes>
      <Route path="/audio-usage/" element={<AudioUsageScreen />} />
      <Route path="/approvals/" element={<ApprovalsScreen />} />
      <Route path="/segments/" element={<SegmentsScreen />} />
      <Route path="/hlpoints/" element={<HlPointsScreen />} />
      <Route path="/metrics/" element={<MetricsScreen />} />
    </Routes>
  );
}
