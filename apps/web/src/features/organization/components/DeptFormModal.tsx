import { useMemo } from 'react';
import { Col, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptCreateSchema, type Dept, type DeptCreate } from '@casedesk/shared';
import { deptApi } from '../api';
import { useUser } from '../../../platform/pickers/lookups';
import { CodeFormModal } from './CodeFormModal';
import { DeptTreeSelect } from '../../../platform/pickers/DeptTreeSelect';
import { UserSelect } from '../../../platform/pickers/UserSelect';

type Values = Omit<DeptCreate, 'orgId'>;

/** Create (optionally under a parent) or edit a department. */
export function DeptFormModal({
  open,
  dept,
  parentId,
  onClose,
  onStale,
}: {
  open: boolean;
  dept?: Dept;
  parentId?: number;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const leader = useUser(dept?.leaderId);
  const initial = useMemo(() => (parentId !== undefined ? { parentId } : undefined), [parentId]);

  return (
    <CodeFormModal<Values>
      open={open}
      api={deptApi}
      what={t('organization.dept.what')}
      record={dept}
      fields={deptCreateSchema.shape}
      defaults={{ parentId: null, leaderId: null }}
      initial={initial}
      toBody={(values) => ({
        ...values,
        parentId: values.parentId ?? null,
        leaderId: values.leaderId ?? null,
        orgId: dept?.orgId ?? null,
      })}
      width={640}
      onClose={onClose}
      onStale={onStale}
    >
      <Col xs={24} md={12}>
        <Form.Item name="parentId" label={t('organization.common.parent')}>
          <DeptTreeSelect excludeId={dept?.id} placeholder={t('organization.dept.noParent')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="leaderId" label={t('organization.dept.leader')}>
          <UserSelect known={leader.data ? [leader.data] : []} />
        </Form.Item>
      </Col>
    </CodeFormModal>
  );
}
