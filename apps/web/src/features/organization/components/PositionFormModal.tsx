import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { positionCreateSchema, type Position, type PositionCreate } from '@casedesk/shared';
import { positionApi } from '../api';
import { CodeFormModal } from './CodeFormModal';
import { DescriptionItem, textOrNull } from './RecordFormModal';

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
      api={positionApi}
      what={t('organization.position.what')}
      record={position}
      fields={fields}
      defaults={{}}
      toBody={(values) => ({ ...values, description: textOrNull(values.description) })}
      width={560}
      onClose={onClose}
      onStale={onStale}
    >
      <Col span={24}>
        <DescriptionItem rule={fields.description} />
      </Col>
    </CodeFormModal>
  );
}
