import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import { UserForm } from './user-form';

describe('UserForm', () => {
  it('needs username and password to create, and sends nothing until both are there', async () => {
    const onSubmit = jest.fn();
    render(<UserForm mode="create" isSaving={false} errorLines={[]} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Username is required');
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'noah' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password-1' } });
    fireEvent.click(screen.getByLabelText('Admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ username: 'noah', password: 'password-1', admin: true }),
    );
  });

  it('saves an edit with a blank password, which keeps the old one', async () => {
    const onSubmit = jest.fn();
    render(
      <UserForm
        mode="edit"
        initialValues={{ username: 'mia', password: '', admin: true }}
        isSaving={false}
        errorLines={[]}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'mia', password: '', admin: true }));
  });

  it("shows the server's lines under the form", () => {
    render(
      <UserForm
        mode="create"
        isSaving={false}
        errorLines={['body.username - A user with that username already exists']}
        onSubmit={jest.fn()}
      />,
    );
    expect(screen.getByTestId('error-lines').textContent).toContain(
      'body.username - A user with that username already exists',
    );
  });
});
