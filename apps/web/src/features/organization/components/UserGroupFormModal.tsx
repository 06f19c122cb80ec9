import { useEffect, useMemo } from 'react';
import { Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  userGroupCreateSchema,
  type UserGroupCreate,
  type UserGroupDetail,
  type UserGroupNode,
  type UserGroupUpdate,
} from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { useDetail, useSave } from '../api';
import { showFailure } from './failure';
import { subtreeIds } from './tree';
import { UserSelect } from './UserSelect';

type Values = UserGroupCreate;
const fields = userGroupCreateSchema.shape;
type Option = { value: number; title: string; disabled: boolean; children: Option[] };

/** Create (optionally under a parent) or edit a user group with its members; "default" clears the old default. */
export function UserGroupFormModal({
  open,
  groupId,
  parentId,
  tree,
  onClose,
}: {
  open: boolean;
  groupId?: number;
  parentId?: number;
  tree: UserGroupNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = groupId !== undefined;
  const detail = useDetail<UserGroupDetail>('UserGroup', open ? groupId : undefined);
  const save = useSave<UserGroupCreate | UserGroupUpdate>('UserGroup');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing && detail.data) form.setFieldsValue({ ...detail.data, members: detail.data.members.map((m) => m.id) });
    else if (!editing && parentId !== undefined) form.setFieldsValue({ parentId });
  }, [open, editing, detail.data, parentId, form]);

  const parents = useMemo(() => {
    const excluded = groupId === undefined ? new Set<number>() : subtreeIds(tree, groupId);
    const toOption = (node: UserGroupNode): Option => ({
      value: node.id,
      title: node.name,
      disabled: excluded.has(node.id),
      children: node.children.map(toOption),
    });
    return tree.map(toOption);
  }, [tree, groupId]);

  const what = t('organization.group.what');
  return (
    <Modal
      open={open}
      title={editing ? t('organization.common.editTitle', { what }) : t('organization.common.createTitle', { what })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={680}
      loading={editing && detail.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sort: 0, status: 'Active', isDefault: false, parentId: null, members: [] }}
        onFinish={(values) => {
          const body = {
            ...values,
            parentId: values.parentId ?? null,
            description: values.description?.trim() ? values.description.trim() : null,
            members: values.members ?? [],
            ...(editing && detail.data ? { id: detail.data.id, rowVersion: detail.data.rowVersion } : {}),
          };
          save.mutate(body, {
            onSuccess: () => {
              feedback.success(t('server.operationSuccessful'));
              onClose();
            },
            onError: (error) => showFailure(error, form, () => void detail.refetch()),
          });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item required name="name" label={t('organization.common.name')} rules={[schemaRule(fields.name)]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="parentId" label={t('organization.common.parent')}>
              <TreeSelect<number | null>
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                placeholder={t('organization.group.noParent')}
                treeData={parents}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="description"
              label={t('organization.common.description')}
              rules={[schemaRule(fields.description)]}
            >
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="members" label={t('organization.group.members')}>
              <UserSelect mode="multiple" known={detail.data?.members ?? []} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sort" label={t('organization.common.sort')}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="status" label={t('organization.common.status.label')}>
              <Select
                options={(['Active', 'Inactive'] as const).map((value) => ({
                  value,
                  label: t(`organization.common.status.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="isDefault"
              label={t('organization.group.isDefault')}
              valuePropName="checked"
              tooltip={t('organization.group.defaultHint')}
            >
              <Checkbox disabled={editing && detail.data?.isDefault}>{t('organization.group.default')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
