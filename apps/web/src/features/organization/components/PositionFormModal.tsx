import { Col, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { positionCreateSchema, type Position, type PositionCreate } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { CodeFormModal } from './CodeFormModal';

const fields = positionCreateSchema.shape;

/** Create or edit a position. */
export function PositionFormModal({
  open,
  position,
  onClose,
  onStale,
}: {
  open: boolean;
  position?: Position;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CodeFormModal<PositionCreate>
      open={open}
      resource="Position"
      what={t('organization.position.what')}
      record={position}
      fields={fields}
      defaults={{}}
      toBody={(values) => ({
        ...values,
        description: values.description?.trim() ? values.description.trim() : null,
      })}
      width={560}
      onClose={onClose}
      onStale={onStale}
    >
      <Col span={24}>
        <Form.Item
          name="description"
          label={t('organization.common.description')}
          rules={[schemaRule(fields.description)]}
        >
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Col>
    </CodeFormModal>
  );
}
