import type { ReactNode } from 'react';
import { Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SlaReportGroup } from '@casedesk/shared';
import { formatNumber, formatPercent, formatWorkingTime } from '../../../platform/format';
import type { SlaReportLine } from './sla-report';

type Props = { lines: SlaReportLine[]; total: SlaReportLine; groupBy: SlaReportGroup; loading?: boolean };

/** The report's table: a line per group in the server's order and the total as its summary row. */
export function SlaReportTable({ lines, total, groupBy, loading }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const time = (minutes: number | null) => formatWorkingTime(minutes, language);
  const rate = (line: SlaReportLine, target: 'firstResponse' | 'resolution') => {
    const met = line[`${target}Met`];
    const measured = line[`${target}Measured`];
    const text = formatPercent(line[`${target}Rate`], language);
    return (
      <Tooltip
        title={t('sla.report.metOfMeasured', {
          met: formatNumber(met, language),
          measured: formatNumber(measured, language),
        })}
      >
        <span className={`sla-report-rate sla-report-${target}-rate`}>{text}</span>
      </Tooltip>
    );
  };

  // Every leaf column once: the table's columns and the summary row's cells come from the same list.
  const leaves: { key: string; title: string; align?: 'right'; cell: (line: SlaReportLine) => ReactNode }[] = [
    { key: 'tickets', title: t('sla.report.tickets'), align: 'right', cell: (l) => formatNumber(l.tickets, language) },
    { key: 'firstResponseRate', title: t('sla.report.met'), align: 'right', cell: (l) => rate(l, 'firstResponse') },
    {
      key: 'firstResponseMedian',
      title: t('sla.report.median'),
      align: 'right',
      cell: (l) => time(l.firstResponseMedianMinutes),
    },
    {
      key: 'firstResponseP90',
      title: t('sla.report.p90'),
      align: 'right',
      cell: (l) => time(l.firstResponseP90Minutes),
    },
    { key: 'resolutionRate', title: t('sla.report.met'), align: 'right', cell: (l) => rate(l, 'resolution') },
    {
      key: 'resolutionMedian',
      title: t('sla.report.median'),
      align: 'right',
      cell: (l) => time(l.resolutionMedianMinutes),
    },
    { key: 'resolutionP90', title: t('sla.report.p90'), align: 'right', cell: (l) => time(l.resolutionP90Minutes) },
    { key: 'customerHeld', title: t('sla.report.customers'), align: 'right', cell: (l) => time(l.customerHeldMinutes) },
    { key: 'approverHeld', title: t('sla.report.approvers'), align: 'right', cell: (l) => time(l.approverHeldMinutes) },
  ];
  const leaf = (key: string) => {
    const column = leaves.find((c) => c.key === key)!;
    return {
      key,
      title: column.title,
      align: column.align,
      render: (_: unknown, line: SlaReportLine) => column.cell(line),
    };
  };
  const columns: ColumnsType<SlaReportLine> = [
    {
      key: 'group',
      title: t(`sla.report.groupBy.${groupBy}`),
      fixed: 'left',
      render: (_: unknown, line) => <span className="sla-report-group">{line.label}</span>,
    },
    leaf('tickets'),
    {
      key: 'firstResponse',
      title: t('sla.report.firstResponse'),
      children: [leaf('firstResponseRate'), leaf('firstResponseMedian'), leaf('firstResponseP90')],
    },
    {
      key: 'resolution',
      title: t('sla.report.resolution'),
      children: [leaf('resolutionRate'), leaf('resolutionMedian'), leaf('resolutionP90')],
    },
    {
      key: 'held',
      title: t('sla.report.waitingOn'),
      children: [leaf('customerHeld'), leaf('approverHeld')],
    },
  ];

  return (
    <Table<SlaReportLine>
      className="sla-report-table"
      rowKey={(line) => line.key ?? 'total'}
      size="middle"
      bordered
      loading={loading}
      dataSource={lines}
      columns={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row className="sla-report-total">
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>{total.label}</Typography.Text>
            </Table.Summary.Cell>
            {leaves.map((column, index) => (
              <Table.Summary.Cell key={column.key} index={index + 1} align={column.align}>
                <Typography.Text strong>{column.cell(total)}</Typography.Text>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
