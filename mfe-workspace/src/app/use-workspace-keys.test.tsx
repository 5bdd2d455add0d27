import { fireEvent, render } from '@testing-library/react';

import { useWorkspaceKeys, type WorkspaceKeyHandlers } from './use-workspace-keys';

function KeysProbe({ handlers }: { handlers: WorkspaceKeyHandlers }) {
  useWorkspaceKeys(handlers);
  return (
    <>
      <input aria-label="typing here" />
      <input type="checkbox" aria-label="done" />
    </>
  );
}

function renderProbe() {
  const handlers = {
    onBeat: jest.fn(),
    onEndingPoint: jest.fn(),
    onPlayPause: jest.fn(),
    onDelete: jest.fn(),
    onUndo: jest.fn(),
    onRedo: jest.fn(),
  };
  const view = render(<KeysProbe handlers={handlers} />);
  return { handlers, input: view.getByLabelText('typing here'), checkbox: view.getByLabelText('done') };
}

describe('workspace keyboard', () => {
  it('maps B, E, Space, Backspace, Ctrl+Z and Ctrl+Shift+Z when focus is not in an input', () => {
    const { handlers } = renderProbe();
    fireEvent.keyDown(window, { key: 'b' });
    fireEvent.keyDown(window, { key: 'E' });
    fireEvent.keyDown(window, { key: ' ' });
    fireEvent.keyDown(window, { key: 'Backspace' });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(handlers.onBeat).toHaveBeenCalledTimes(1);
    expect(handlers.onEndingPoint).toHaveBeenCalledTimes(1);
    expect(handlers.onPlayPause).toHaveBeenCalledTimes(1);
    expect(handlers.onDelete).toHaveBeenCalledTimes(1);
    expect(handlers.onUndo).toHaveBeenCalledTimes(1);
    expect(handlers.onRedo).toHaveBeenCalledTimes(1);
  });

  it('leaves keys alone while typing in an input, and ignores held-down repeats', () => {
    const { handlers, input } = renderProbe();
    input.focus();
    fireEvent.keyDown(input, { key: 'b' });
    fireEvent.keyDown(input, { key: 'Backspace' });
    input.blur();
    fireEvent.keyDown(window, { key: 'b', repeat: true });
    expect(handlers.onBeat).not.toHaveBeenCalled();
    expect(handlers.onDelete).not.toHaveBeenCalled();
  });

  it('keeps the keys working after a click on a checkbox (Done, approve): Space plays, and leaves the box as it is', () => {
    const { handlers, checkbox } = renderProbe();
    checkbox.focus();
    fireEvent.keyDown(checkbox, { key: ' ' });
    fireEvent.keyDown(window, { key: 'e' });
    expect(handlers.onPlayPause).toHaveBeenCalledTimes(1);
    expect(handlers.onEndingPoint).toHaveBeenCalledTimes(1);
    expect(document.activeElement).not.toBe(checkbox);
  });
});
