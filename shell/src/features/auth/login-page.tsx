import { LOGIN_NO_RESPONSE_TEXT, SESSION_ENDED_UNSAVED_TEXT } from '@curator/shared';
import { describeRequestError, UNSAVED_CHANGE_PARAM, useGetMeQuery, useLoginMutation } from '@curator/shared/kernel';
import { ErrorLines } from '@curator/shared/ui';
import { Button, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { safeNext } from './safe-next';
import { announceSignIn } from './session-channel';

type LoginForm = { username: string; password: string };

export function LoginPage() {
  const me = useGetMeQuery();
  const [login, { isLoading }] = useLoginMutation();
  const [errorLines, setErrorLines] = useState<string[]>([]);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  if (me.isLoading) return <Spin fullscreen />;
  if (me.data) return <Navigate to="/" replace />;

  const handleFinish = async (values: LoginForm) => {
    setErrorLines([]);
    const result = await login(values);
    if ('error' in result) {
      setErrorLines(describeRequestError(result.error, LOGIN_NO_RESPONSE_TEXT));
      return;
    }
    announceSignIn(result.data.username);
    navigate(safeNext(params.get('next')), { replace: true });
  };

  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#f5f5f7' }}>
      <section className="login-card">
        <Typography.Title level={3}>Audio Curation</Typography.Title>
        {params.has(UNSAVED_CHANGE_PARAM) && (
          <Typography.Paragraph type="warning" data-testid="unsaved-change">
            {SESSION_ENDED_UNSAVED_TEXT}
          </Typography.Paragraph>
        )}
        <Form<LoginForm>
          layout="vertical"
          onFinish={handleFinish}
          // A new attempt refused by the form's own checks clears the last attempt's answer too.
          onFinishFailed={() => setErrorLines([])}
          requiredMark={false}
        >
          <Form.Item label="Username" name="username" rules={[{ required: true, message: 'Username is required' }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <ErrorLines lines={errorLines} />
          <Button type="primary" htmlType="submit" loading={isLoading} block style={{ marginTop: 16 }}>
            Log in
          </Button>
        </Form>
      </section>
    </main>
  );
}
