import type { ReactNode } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { passwordSchema } from '@casedesk/shared';
import { messages } from '../shared-messages';
import { schemaRule } from '../form-rules';
import { translateServerMessage } from '../server-messages';

/** The confirmation must repeat the password; an empty one has its own message (as the shared schemas say). */
export function confirmRules(passwordField: string): FormRule[] {
  return [
    { required: true, message: translateServerMessage(messages.confirmPasswordRequired) },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string | undefined) => {
        if (value && value !== getFieldValue(passwordField))
          throw new Error(translateServerMessage(messages.passwordMismatch));
      },
    }),
  ];
}

/**
 * A new password and its confirmation, everywhere one is chosen (sign-in change, reset, My Account, a new user,
 * an administrator's reset): the password rule from the shared schema, the confirmation rule from `confirmRules`.
 */
export function PasswordPair({
  name,
  labels,
  showRule = false,
  wrap = (node) => node,
}: {
  /** The password field's name (`newPassword`, `password`); the confirmation is `confirmPassword`. */
  name: string;
  labels: { password: string; confirm: string };
  /** Shows the password rule under the field. */
  showRule?: boolean;
  /** Lays out each field (e.g. in a grid column). */
  wrap?: (field: ReactNode, key: string) => ReactNode;
}) {
  return (
    <>
      {wrap(
        <Form.Item
          key={name}
          required
          name={name}
          label={labels.password}
          extra={showRule ? translateServerMessage(messages.passwordRule) : undefined}
          rules={[schemaRule(passwordSchema)]}
          validateFirst
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>,
        name,
      )}
      {wrap(
        <Form.Item
          key="confirmPassword"
          name="confirmPassword"
          label={labels.confirm}
          dependencies={[name]}
          rules={confirmRules(name)}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>,
        'confirmPassword',
      )}
    </>
  );
}
