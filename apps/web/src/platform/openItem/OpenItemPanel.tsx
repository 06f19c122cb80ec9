import { useEffect, useState } from 'react';
import { EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
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
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { App, Button, Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OpenItem } from '@casedesk/shared';
import { ApiError } from '../http/client';
import { usePermissions } from '../permission';
import { translateServerMessage } from '../server-messages';
import { OpenItemEditor } from './OpenItemEditor';
import { OpenItemPriorityTag, OpenItemStatusTag } from './OpenItemTags';
import { useReorderOpenItems, useTicketOpenItems } from './open-item-api';

function SortableRow({ item, canDrag, onEdit }: { item: OpenItem; canDrag: boolean; onEdit: (() => void) | null }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !canDrag,
  });
  return (
    <div
      ref={setNodeRef}
      className="open-item-row"
      data-id={item.id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        padding: '8px 0',
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        background: isDragging ? 'rgba(22, 119, 255, 0.06)' : undefined,
      }}
    >
      {/* Where the line is short (a phone), the tags and hours go below and the description keeps its width. */}
      <Flex align="center" gap={8} wrap>
        {canDrag && (
          <Button
            type="text"
            size="small"
            icon={<HolderOutlined />}
            className="open-item-drag"
            aria-label={t('openItem.panel.drag')}
            style={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          />
        )}
        <Typography.Text type="secondary" style={{ width: 28 }}>
          #{item.serial}
        </Typography.Text>
        <Link to={`/openItem/info/${item.id}`} style={{ flex: '1 1 160px', minWidth: 0 }} className="open-item-link">
          <Typography.Text ellipsis={{ tooltip: item.description }}>{item.description}</Typography.Text>
        </Link>
        <OpenItemPriorityTag priority={item.priority} />
        <OpenItemStatusTag status={item.status} />
        <Typography.Text type="secondary" style={{ width: 64, textAlign: 'right' }}>
          {item.loe ? t('openItem.panel.hours', { loe: item.loe }) : '—'}
        </Typography.Text>
        {onEdit && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('openItem.panel.edit')}
            className="open-item-edit"
            onClick={onEdit}
          />
        )}
      </Flex>
    </div>
  );
}

/**
 * The open items of a ticket on its page: in their order (drag to reorder with `openItem:edit`), each a link to
 * its page; "Add item" with `openItem:addItem`. Items of a closed or cancelled ticket are read-only (the server
 * sends no actions for them).
 */
export function OpenItemPanel({ ticketId, ticketOpen }: { ticketId: number; ticketOpen: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermissions();
  const list = useTicketOpenItems(ticketId, has('openItem:view'));
  const reorder = useReorderOpenItems();
  const [order, setOrder] = useState<OpenItem[]>([]);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  useEffect(() => {
    if (list.data) setOrder(list.data.items);
  }, [list.data]);

  if (!has('openItem:view')) return null;
  const canAdd = ticketOpen && has('openItem:create') && has('openItem:addItem');
  const canDrag = order.length > 1 && order.every((i) => i.actions?.includes('edit'));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    const next = arrayMove(order, from, to);
    setOrder(next);
    reorder.mutate(
      { ticketId, ids: next.map((i) => i.id) },
      {
        onError: (error) => {
          setOrder(list.data?.items ?? []);
          if (error instanceof ApiError && error.status !== 403) void message.error(translateServerMessage(error));
        },
      },
    );
  };

  return (
    <Card
      size="small"
      className="open-item-panel"
      title={t('openItem.panel.title', { count: order.length })}
      loading={list.isPending}
      extra={
        <Flex align="center" gap={12}>
          {list.data && order.length > 0 && (
            <Typography.Text type="secondary" className="open-item-panel-loe">
              {t('openItem.list.loeTotal', { total: list.data.loeTotal })}
            </Typography.Text>
          )}
          {canAdd && (
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              className="open-item-add"
              onClick={() => setEditing(null)}
            >
              {t('openItem.panel.add')}
            </Button>
          )}
        </Flex>
      }
    >
      {order.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('openItem.panel.empty')} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            {order.map((item) => (
              <SortableRow
                key={item.id}
                item={item}
                canDrag={canDrag}
                onEdit={item.actions?.includes('edit') ? () => setEditing(item.id) : null}
              />
            ))}
          </SortableContext>
        </DndContext>
      )}
      {editing !== undefined && (
        <OpenItemEditor id={editing} ticketId={ticketId} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}
