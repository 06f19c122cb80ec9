import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Empty, Form, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appliesToCategory, type CustomFieldDefinition } from '@casedesk/shared';
import { labelLanguage } from '../../../platform/custom-field-language';

type FieldRow = { key?: string; required?: boolean };

/** One chosen field, dragged by its handle (the arrows do the same from the keyboard or a small screen). */
function SortableField({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      className="request-type-field-row"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Button
        type="text"
        size="small"
        icon={<HolderOutlined />}
        className="request-type-field-drag"
        aria-label={t('requestType.editor.drag')}
        style={{ cursor: 'grab' }}
        {...attributes}
        {...listeners}
      />
      {children}
    </div>
  );
}

/**
 * The fields a request type's form asks for: ticket custom fields that apply to its category, in an order moved up
 * and down, each made required on this form or not. A field of another category (the category changed since) is
 * marked, and the server refuses it on save.
 */
export function RequestTypeFieldList({
  definitions,
  categoryId,
}: {
  definitions: readonly CustomFieldDefinition[];
  categoryId: number | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('fields', form) ?? []) as FieldRow[];
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const offered = definitions.filter(
    (d) => appliesToCategory(d, categoryId) && !chosen.some((row) => row.key === d.key),
  );
  return (
    <Form.List name="fields">
      {(rows, { add, remove, move }) => {
        // dnd-kit ids: the list's own row keys, as text (a key 0 would read as no id).
        const ids = rows.map((row) => `field-${row.key}`);
        const onDragEnd = ({ active, over }: DragEndEvent) => {
          if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
        };
        return (
          <div className="request-type-fields">
            {rows.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('requestType.editor.noFields')} />
            )}
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {rows.map((row, index) => {
                  const key = chosen[index]?.key;
                  const def = key ? byKey.get(key) : undefined;
                  return (
                    <SortableField key={row.key} id={ids[index]!}>
                      {/* The key is a value of the form (what a save sends), though nobody types it. */}
                      <Form.Item name={[row.name, 'key']} hidden />
                      <Space wrap style={{ flex: 1 }}>
                        <Typography.Text strong>{def ? def.label[language] : key}</Typography.Text>
                        {def && <Tag>{t(`customField.types.${def.type}`)}</Tag>}
                        {def && !appliesToCategory(def, categoryId) && (
                          <Tag color="warning">{t('requestType.editor.otherCategory')}</Tag>
                        )}
                        {!def && <Tag color="error">{t('requestType.editor.fieldGone')}</Tag>}
                      </Space>
                      <Space>
                        <Form.Item name={[row.name, 'required']} valuePropName="checked" noStyle>
                          <Switch
                            size="small"
                            checkedChildren={t('requestType.editor.required')}
                            unCheckedChildren={t('requestType.editor.optional')}
                            disabled={def?.required}
                          />
                        </Form.Item>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('requestType.editor.moveUp')}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('requestType.editor.moveDown')}
                          disabled={index === rows.length - 1}
                          onClick={() => move(index, index + 1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t('crud.delete')}
                          onClick={() => remove(row.name)}
                        />
                      </Space>
                    </SortableField>
                  );
                })}
              </SortableContext>
            </DndContext>
            <Select<string>
              className="request-type-add-field"
              value={null}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('requestType.editor.addField')}
              notFoundContent={t('requestType.editor.noMoreFields')}
              options={offered.map((d) => ({ value: d.key, label: d.label[language] }))}
              onChange={(key) => add({ key, required: byKey.get(key)?.required ?? false })}
              style={{ width: '100%', marginTop: 8 }}
            />
          </div>
        );
      }}
    </Form.List>
  );
}
