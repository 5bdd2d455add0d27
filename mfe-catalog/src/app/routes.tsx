import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '@curator/shared';

export function CatalogRoutes() {
  return (
    <Routes>
      <Route path="/audios/" element={<PlaceholderScreen title="Audios" />} />
      <Route path="/templates/" element={<PlaceholderScreen title="Templates" />} />
    </Routes>
  );
}
