import { isScreenRoute } from './screen-routes';

describe('isScreenRoute', () => {
  const reports = ['/audio-usage/', '/metrics/'];

  it('matches a route, the route without its slash, and paths below it', () => {
    expect(isScreenRoute(reports, '/metrics/')).toBe(true);
    expect(isScreenRoute(reports, '/metrics')).toBe(true);
    expect(isScreenRoute(['/beats/'], '/beats/abc/')).toBe(true);
  });

  it('does not match a path that only starts with the same letters', () => {
    expect(isScreenRoute(reports, '/metricsx/')).toBe(false);
    expect(isScreenRoute(reports, '/audios/')).toBe(false);
  });
});
