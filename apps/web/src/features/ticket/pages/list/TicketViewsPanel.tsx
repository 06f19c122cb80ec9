import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Menu, Tooltip, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { builtinTicketViews, type TicketView } from '@casedesk/shared';
import { formatNumber } from '../../../../platform/format';

/** Which view the list shows: a built-in one (by its Ticket/Query `view`), a saved one, or none (filters changed). */
export type OpenView = { builtin: string } | { saved: number } | null;

type Props = {
  open: OpenView;
  views: TicketView[];
  /** Counts by view id (`builtin:mine`, `12`); missing while they load. */
  counts: Map<string, number> | undefined;
  /** Whether the caller keeps saved views (`ticketView:view`). */
  mayKeepViews: boolean;
  onOpenBuiltin: (view: string) => void;
  onOpenSaved: (view: TicketView) => void;
  onSaveAs: () => void;
  onEdit: (view: TicketView) => void;
  onDelete: (view: TicketView) => void;
};

const savedKey = (id: number) => `saved:${id}`;

/** Beside the list: the built-in views and the caller's saved ones, each with the number of tickets it shows them. */
export function TicketViewsPanel(props: Props) {
  const { t } = useTranslation();
  const count = (id: string) => {
    const n = props.counts?.get(id);
    return n === undefined ? null : <span className="ticket-view-count">{formatNumber(n)}</span>;
  };
  const label = (name: string, id: string, extra?: React.ReactNode) => (
    <span className="ticket-view-item">
      <Typography.Text ellipsis={{ tooltip: name }} className="ticket-view-name">
        {name}
      </Typography.Text>
      {count(id)}
      {extra}
    </span>
  );
  const manageMenu = (view: TicketView): MenuProps => ({
    items: [
      { key: 'edit', icon: <EditOutlined />, label: t('ticket.views.edit') },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('ticket.views.delete') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'edit') props.onEdit(view);
      else props.onDelete(view);
    },
  });
  const savedItem = (view: TicketView) => ({
    key: savedKey(view.id),
    icon: view.shared ? <TeamOutlined aria-label={t('ticket.views.sharedMark')} /> : undefined,
    label: label(
      view.name,
      String(view.id),
      view.canManage ? (
        <Dropdown trigger={['click']} menu={manageMenu(view)}>
          <Button
            size="small"
            type="text"
            icon={<MoreOutlined />}
            aria-label={t('ticket.views.manage', { name: view.name })}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      ) : null,
    ),
  });
  const own = props.views.filter((v) => !v.shared);
  const shared = props.views.filter((v) => v.shared);
  const items: MenuProps['items'] = [
    ...builtinTicketViews.map((b) => ({ key: b.id, label: label(t(`ticket.list.views.${b.view}`), b.id) })),
    ...(own.length ? [{ type: 'group' as const, label: t('ticket.views.mine'), children: own.map(savedItem) }] : []),
    ...(shared.length
      ? [{ type: 'group' as const, label: t('ticket.views.shared'), children: shared.map(savedItem) }]
      : []),
  ];
  const open = props.open;
  const selected = !open
    ? []
    : 'saved' in open
      ? [savedKey(open.saved)]
      : builtinTicketViews.filter((b) => b.view === open.builtin).map((b) => b.id);
  return (
    <Card
      size="small"
      className="ticket-views ticket-no-print"
      title={t('ticket.views.title')}
      extra={
        props.mayKeepViews && (
          <Tooltip title={t('ticket.views.saveAsHelp')}>
            <Button size="small" icon={<PlusOutlined />} onClick={props.onSaveAs}>
              {t('ticket.views.saveAs')}
            </Button>
          </Tooltip>
        )
      }
    >
      <Menu
        mode="inline"
        className="ticket-views-menu"
        selectedKeys={selected}
        items={items}
        onClick={({ key }) => {
          const builtin = builtinTicketViews.find((b) => b.id === key);
          if (builtin) return props.onOpenBuiltin(builtin.view);
          const view = props.views.find((v) => savedKey(v.id) === key);
          if (view) props.onOpenSaved(view);
        }}
      />
    </Card>
  );
}
