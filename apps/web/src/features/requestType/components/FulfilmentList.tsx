import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fulfilmentMoments, requestTypeFulfilmentSchema } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { GroupsSelect } from '../../../platform/pickers/GroupsSelect';
import { useUser } from '../../../platform/pickers/lookups';
import { UserSelect } from '../../../platform/pickers/UserSelect';

const shape = requestTypeFulfilmentSchema.shape;

/** The assignee picker of one item: the saved assignee's name is looked up so that it reads as a name. */
function AssigneeSelect({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const { t } = useTranslation();
  const user = useUser(value);
  return (
    <UserSelect
      value={value ?? null}
      onChange={(id) => onChange?.(id)}
      known={user.data ? [user.data] : undefined}
      placeholder={t('requestType.editor.fulfilmentAssignee')}
    />
  );
}

/** One group for an item, from the group tree's picker (which picks several: the last one chosen stays). */
function GroupSelect({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <GroupsSelect
      value={value ? [value] : []}
      onChange={(ids) => onChange?.(ids.at(-1) ?? null)}
      placeholder={t('requestType.editor.fulfilmentGroup')}
    />
  );
}

/** The open items a request makes on its ticket: a title, who works it, and when (at submit, or once approved). */
export function FulfilmentList() {
  const { t } = useTranslation();
  const moments = fulfilmentMoments.map((when) => ({ value: when, label: t(`requestType.when.${when}`) }));
  return (
    <Form.List name="fulfilment">
      {(rows, { add, remove }) => (
        <div className="request-type-fulfilment">
          {rows.map((row) => (
            <Row gutter={8} key={row.key} align="top" className="request-type-fulfilment-row">
              <Col xs={24} md={22}>
                <Form.Item
                  name={[row.name, 'title']}
                  rules={[schemaRule(shape.title, t('requestType.editor.fulfilmentTitle'))]}
                  style={{ marginBottom: 8 }}
                >
                  <Input maxLength={4000} placeholder={t('requestType.editor.fulfilmentTitle')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={2}>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('crud.delete')}
                  onClick={() => remove(row.name)}
                />
              </Col>
              <Col xs={24} md={9}>
                <Form.Item name={[row.name, 'assigneeId']} style={{ marginBottom: 16 }}>
                  <AssigneeSelect />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={[row.name, 'groupId']} style={{ marginBottom: 16 }}>
                  <GroupSelect />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name={[row.name, 'when']} style={{ marginBottom: 16 }}>
                  <Select options={moments} aria-label={t('requestType.editor.fulfilmentWhen')} />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', when: 'created' })}>
            {t('requestType.editor.addFulfilment')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
