import { Button, Form } from '@arco-design/web-react';
import type { ReactNode } from 'react';

/** The form's submit button, busy while the form's onSubmit promise runs. */
export function SubmitButton({ children }: { children: ReactNode }) {
  const { isSubmitting } = Form.useFormContext();
  return (
    <Button
      className="cd-form-submit"
      type="primary"
      htmlType="submit"
      long
      size="large"
      loading={isSubmitting}
    >
      {children}
    </Button>
  );
}
