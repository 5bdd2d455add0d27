import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** An antd button that is a real link (role link, href) but navigates inside the app. */
export function RouterLinkButton({
  to,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'href' | 'onClick'> & { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button
      {...buttonProps}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
