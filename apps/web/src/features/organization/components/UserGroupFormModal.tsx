import { useMemo } from 'react';
import { Checkbox, Col, Form, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { userGroupCreateSchema, type UserGroupCreate, type UserGroupNode } from '@casedesk/shared';
import { userGroupApi } from '../api';
import { DescriptionItem, NameItem, RecordFormModal, SortItem, StatusItem, textOrNull } from './RecordFormModal';
import { subtreeIds } from '../../../platform/tree';
import { UserSelect } from '../../../platform/pickers/UserSelect';

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
  const detail = userGroupApi.useDetail(open ? groupId : undefined);

  const fill = useMemo(
    () =>
      editing
        ? detail.data && { ...detail.data, members: detail.data.members.map((m) => m.id) }
        : parentId !== undefined
          ? { parentId }
          : undefined,
    [editing, detail.data, parentId],
  );

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

  return (
    <RecordFormModal<Values>
      open={open}
      form={form}
      api={userGroupApi}
      what={t('organization.group.what')}
      record={editing ? detail.data : undefined}
      fill={fill}
      initialValues={{ sort: 0, status: 'Active', isDefault: false, parentId: null, members: [] }}
      toBody={(values) => ({
        ...values,
        parentId: values.parentId ?? null,
        description: textOrNull(values.description),
        members: values.members ?? [],
      })}
      width={680}
      loading={editing && detail.isPending}
      onClose={onClose}
      onStale={() => void detail.refetch()}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <NameItem rule={fields.name} />
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
          <DescriptionItem rule={fields.description} />
        </Col>
        <Col span={24}>
          <Form.Item name="members" label={t('organization.group.members')}>
            <UserSelect mode="multiple" known={detail.data?.members ?? []} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <SortItem />
        </Col>
        <Col xs={24} md={8}>
          <StatusItem />
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
    </RecordFormModal>
  );
}
