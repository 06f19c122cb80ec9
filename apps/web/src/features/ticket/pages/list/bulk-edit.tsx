import { useState } from 'react';
import { Alert, Button, Drawer, Form, List, Modal, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketBatchCap, type TicketBatchQuery, type TicketOutcome } from '@casedesk/shared';
import { formatNumber } from '../../../../platform/format';
import { useSeededName } from '../../../../platform/labels/labels';
import { useApplyMacro, useMacroChoices } from '../../../../platform/macro/macro-api';
import { useBatchUpdate } from '../../api';
import { setOfDraft, TicketSetFields, type TicketSetDraft } from '../../../../platform/macro/TicketSetFields';

/** Which tickets a bulk change takes: the selected ones, or every one the list's filter finds (at most the cap). */
export type BulkTargets = { selected: number[]; query: TicketBatchQuery; total: number; totalExact: boolean };
type Scope = 'selected' | 'matching';

const targetsOf = (targets: BulkTargets, scope: Scope) =>
  scope === 'selected' ? { ids: targets.selected } : { query: targets.query };

/** "The N selected" or "all M matching": more than the cap is not offered (the server would refuse it). */
function ScopeChoice({
  targets,
  scope,
  onChange,
}: {
  targets: BulkTargets;
  scope: Scope;
  onChange: (s: Scope) => void;
}) {
  const { t } = useTranslation();
  const tooMany = !targets.totalExact || targets.total > ticketBatchCap;
  return (
    <Form.Item label={t('ticket.bulk.scope')}>
      <Radio.Group value={scope} onChange={(e) => onChange(e.target.value as Scope)}>
        <Space orientation="vertical">
          <Radio value="selected" disabled={targets.selected.length === 0}>
            {t('ticket.bulk.selected', { count: targets.selected.length })}
          </Radio>
          <Radio value="matching" disabled={tooMany || targets.total === 0}>
            {t('ticket.bulk.matching', { count: targets.total, total: formatNumber(targets.total) })}
          </Radio>
        </Space>
      </Radio.Group>
      {tooMany && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('ticket.bulk.tooMany', { cap: formatNumber(ticketBatchCap) })}
        </Typography.Paragraph>
      )}
    </Form.Item>
  );
}

/** Edit selected: the fields to change, each ticked, on the selection or on all the filter finds. */
export function BulkEditDrawer({
  targets,
  onClose,
  onDone,
}: {
  targets: BulkTargets;
  onClose: () => void;
  onDone: (outcomes: TicketOutcome[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TicketSetDraft>({});
  const [scope, setScope] = useState<Scope>(targets.selected.length > 0 ? 'selected' : 'matching');
  const batch = useBatchUpdate();
  const set = setOfDraft(draft);
  const empty = Object.keys(set).length === 0;
  return (
    <Drawer
      open
      destroyOnHidden
      size={560}
      title={t('ticket.bulk.editTitle')}
      onClose={onClose}
      className="ticket-bulk-drawer"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={empty}
            loading={batch.isPending}
            onClick={() => batch.mutate({ ...targetsOf(targets, scope), set }, { onSuccess: onDone })}
          >
            {t('ticket.bulk.apply')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <ScopeChoice targets={targets} scope={scope} onChange={setScope} />
        <Typography.Paragraph type="secondary">{t('ticket.bulk.howTo')}</Typography.Paragraph>
        <TicketSetFields value={draft} onChange={setDraft} />
      </Form>
    </Drawer>
  );
}

/** Apply macro: one of the caller's macros on the selection or on all the filter finds. */
export function ApplyMacroModal({
  targets,
  onClose,
  onDone,
}: {
  targets: BulkTargets;
  onClose: () => void;
  onDone: (outcomes: TicketOutcome[]) => void;
}) {
  const { t } = useTranslation();
  const seededName = useSeededName();
  const macros = useMacroChoices();
  const apply = useApplyMacro();
  const [macroId, setMacroId] = useState<number | undefined>();
  const [scope, setScope] = useState<Scope>(targets.selected.length > 0 ? 'selected' : 'matching');
  const ticketTargets = targetsOf(targets, scope);
  return (
    <Modal
      open
      title={t('ticket.bulk.macroTitle')}
      okText={t('ticket.bulk.apply')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !macroId, loading: apply.isPending }}
      onCancel={onClose}
      onOk={() =>
        macroId &&
        apply.mutate(
          { id: macroId, ...('ids' in ticketTargets ? { ticketIds: ticketTargets.ids } : ticketTargets) },
          { onSuccess: onDone },
        )
      }
    >
      <Form layout="vertical">
        <ScopeChoice targets={targets} scope={scope} onChange={setScope} />
        <Form.Item label={t('ticket.bulk.macro')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={macros.isPending}
            value={macroId}
            onChange={setMacroId}
            options={(macros.data ?? []).map((m) => ({ value: m.id, label: seededName('macro', m.seedCode, m.name) }))}
            notFoundContent={t('ticket.bulk.noMacros')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What a bulk change did: how many changed, and each refused ticket with its reason in the reader's words. */
export function BatchOutcomesModal({ outcomes, onClose }: { outcomes: TicketOutcome[]; onClose: () => void }) {
  const { t } = useTranslation();
  const refused = outcomes.filter((o) => !o.ok);
  const changed = outcomes.length - refused.length;
  return (
    <Modal
      open
      title={t('ticket.bulk.resultTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
      className="ticket-bulk-result"
    >
      <Alert
        type={refused.length === 0 ? 'success' : changed === 0 ? 'error' : 'warning'}
        title={t('ticket.bulk.resultSummary', { changed, refused: refused.length })}
        style={{ marginBottom: 12 }}
      />
      {refused.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={refused}
          renderItem={(o) => (
            <List.Item>
              <Typography.Text strong>{o.caseNumber ?? `#${o.ticketId}`}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                {o.message}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
