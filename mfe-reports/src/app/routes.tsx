import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '@curator/shared';

export function ReportsRoutes() {
  return (
    <Routes>
      <Route path="/audio-usage/" element={<PlaceholderScreen title="Audio Usage" />} />
      <Route path="/approvals/" element={<PlaceholderScreen title="Approvals" />} />
      <Route path="/segments/" element={<PlaceholderScreen title="Segments" />} />
      <Route path="/hlpoints/" element={<PlaceholderScreen title="HL Points" />} />
      <Route path="/metrics/" element={<PlaceholderScreen title="Metrics" />} />
    </Routes>
  );
}
