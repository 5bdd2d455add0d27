import { render, screen } from '@testing-library/react';

import { formatDateTime } from '../lib/format-date-time';
import { RequestRefusal } from './request-refusal';

describe('RequestRefusal', () => {
  it("shows a 403 in the server's words, as an alert or as a full result", () => {
    const error = { status: 403, data: { detail: 'Admin only' } };
    const { rerender } = render(<RequestRefusal error={error} />);
    expect(screen.getByRole('alert').textContent).toBe('Admin only');
    rerender(<RequestRefusal error={error} variant="result" />);
    expect(screen.getByTestId('request-refusal').textContent).toContain('Admin only');
  });

  it("shows 'location - message' entries, and 'server error' when nothing answered", () => {
    const { rerender } = render(
      <RequestRefusal error={{ status: 422, data: { detail: [{ loc: ['body', 'text'], msg: 'Field required' }] } }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('body.text - Field required');
    rerender(<RequestRefusal error={{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }} />);
    expect(screen.getByRole('alert').textContent).toBe('server error');
  });

  it('renders nothing without an error', () => {
    const { container } = render(<RequestRefusal error={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('formatDateTime', () => {
  it("writes local 'YYYY-MM-DD HH:mm', and a dash for a missing date", () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 9).toISOString())).toBe('2024-01-05 07:09');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
