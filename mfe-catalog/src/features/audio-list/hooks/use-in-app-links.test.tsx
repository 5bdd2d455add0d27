import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

import { IN_APP_LINK, useInAppLinks } from './use-in-app-links';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function Rows() {
  const ref = useRef<HTMLDivElement>(null);
  useInAppLinks(ref);
  return (
    <div ref={ref}>
      <a {...IN_APP_LINK} href="/beats/42/">
        in app
      </a>
      <a href="/elsewhere/">not marked</a>
      <Where />
    </div>
  );
}

const renderRows = () =>
  render(
    <MemoryRouter initialEntries={['/audios/?q=x']}>
      <Rows />
    </MemoryRouter>,
  );

describe('useInAppLinks', () => {
  it('follows a plain click on an in-app link with the router, as a Link would', () => {
    renderRows();
    const click = fireEvent.click(screen.getByText('in app'), { button: 0 });
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(screen.getByTestId('where').textContent).toBe('/beats/42/');
  });

  it('leaves modified clicks (a new tab) and unmarked links to the browser', () => {
    renderRows();
    expect(fireEvent.click(screen.getByText('in app'), { button: 0, ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('not marked'), { button: 0 })).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/audios/?q=x');
  });
});
