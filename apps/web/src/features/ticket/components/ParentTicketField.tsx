import { useState } from 'react';
import { CloseOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TicketPickerModal, type PickedTicket } from './TicketPickerModal';

/** The parent ticket as a form control: shows the chosen ticket, opens the dialog list to choose another. */
export function ParentTicketField({
  value,
  onChange,
  excludeId,
}: {
  value?: PickedTicket | null;
  onChange?: (value: PickedTicket | null) => void;
  excludeId?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          prefix={<LinkOutlined />}
          value={value ? `${value.caseNumber} · ${value.subject}` : ''}
          placeholder={t('ticket.fields.parentTicket')}
          aria-label={t('ticket.fields.parentTicket')}
          onClick={() => setOpen(true)}
        />
        {value && (
          <Button icon={<CloseOutlined />} aria-label={t('ticket.form.clearParent')} onClick={() => onChange?.(null)} />
        )}
        <Button onClick={() => setOpen(true)} className="ticket-choose-parent">
          {t('ticket.form.chooseParent')}
        </Button>
      </Space.Compact>
      <TicketPickerModal
        open={open}
        excludeId={excludeId}
        onClose={() => setOpen(false)}
        onPick={(ticket) => {
          onChange?.(ticket);
          setOpen(false);
        }}
      />
    </>
  );
}
