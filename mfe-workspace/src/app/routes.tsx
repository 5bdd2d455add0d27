import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '@curator/shared';

export function WorkspaceRoutes() {
  return (
    <Routes>
      <Route path="/beats/:id/" element={<PlaceholderScreen title="Audio workspace" />} />
    </Routes>
  );
}
