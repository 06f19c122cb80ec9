import { useMemo, useState } from 'react';
import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { slaReportGroups, type SlaReportGroup, type SlaReportQuery } from '@casedesk/shared';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import { feedback } from '../../../../platform/feedback';
import { ApiError } from '../../../../platform/http/client';
import { usePermissions } from '../../../../platform/permission';
import { translateServerMessage } from '../../../../platform/server-messages';
import { exportSlaReport, useSlaReport, useTicketProjects } from '../../api';
import { SlaReportChart } from '../../components/SlaReportChart';
import { SlaReportTable } from '../../components/SlaReportTable';
import { periodProblem, reportLines } from '../../components/sla-report';
import '../../components/sla.css';

const day = (value: Dayjs) => value.format('YYYY-MM-DD');

/** Service levels → Report: how the desk met its targets per project, category or month, over the tickets one sees. */
export default function SlaReportPage() {
  const { t, i18n } = useTranslation();
  const { has } = usePermissions();
  const [period, setPeriod] = useState<[string, string]>(() => [
    day(dayjs().startOf('month')),
    day(dayjs().endOf('month')),
  ]);
  const [groupBy, setGroupBy] = useState<SlaReportGroup>('project');
  const [projectId, setProjectId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const projects = useTicketProjects();

  const problem = periodProblem(period[0], period[1]);
  const query: SlaReportQuery | null = problem
    ? null
    : { from: period[0], to: period[1], groupBy, ...(projectId ? { projectId } : {}) };
  const report = useSlaReport(query);
  // Shaped by the grouping the answer was asked with (the last answer stays on screen while the next loads).
  const shaped = useMemo(
    () =>
      report.data
        ? reportLines(
            report.data,
            report.data.groupBy,
            { total: t('fields.slaReportTotal'), noCategory: t('fields.slaReportNoCategory') },
            i18n.language,
          )
        : null,
    [report.data, t, i18n.language],
  );

  const runExport = async () => {
    if (!query) return;
    setExporting(true);
    try {
      await exportSlaReport(query);
    } catch (error) {
      const message = error instanceof ApiError ? translateServerMessage(error) : String(error);
      feedback.error(t('sla.report.exportFailed', { message }));
    } finally {
      setExporting(false);
    }
  };

  const empty = shaped !== null && shaped.total.tickets === 0;
  return (
    <Card className="sla-report" variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('sla.report.title')}
        </Typography.Title>
        <Space wrap>
          <Tooltip title={t('sla.report.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('sla.report.refresh')}
              loading={report.isFetching}
              disabled={!query}
              onClick={() => void report.refetch()}
            />
          </Tooltip>
          {has('ticket:export') && (
            <Button
              className="sla-report-export"
              icon={<FileExcelOutlined />}
              loading={exporting}
              disabled={!query || empty}
              onClick={() => void runExport()}
            >
              {t('sla.report.export')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={16} align="flex-start" className="sla-report-filters" style={{ marginBottom: 16 }}>
        <div>
          <Typography.Text type="secondary" className="sla-report-label">
            {t('sla.report.period')}
          </Typography.Text>
          <DatePicker.RangePicker
            className="sla-report-period"
            allowClear={false}
            status={problem ? 'error' : undefined}
            value={[dayjs(period[0]), dayjs(period[1])]}
            onChange={(dates) => {
              if (dates?.[0] && dates[1]) setPeriod([day(dates[0]), day(dates[1])]);
            }}
          />
          {problem && (
            <Typography.Text type="danger" className="sla-report-period-problem" style={{ display: 'block' }}>
              {t(`messages.slaReport.${problem}`)}
            </Typography.Text>
          )}
        </div>
        <div>
          <Typography.Text type="secondary" className="sla-report-label">
            {t('sla.report.groupByLabel')}
          </Typography.Text>
          <Segmented<SlaReportGroup>
            className="sla-report-group-by"
            value={groupBy}
            onChange={setGroupBy}
            options={slaReportGroups.map((value) => ({ value, label: t(`sla.report.groupBy.${value}`) }))}
          />
        </div>
        <div>
          <Typography.Text type="secondary" className="sla-report-label">
            {t('sla.report.project')}
          </Typography.Text>
          <Select<number>
            className="sla-report-project"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            placeholder={t('sla.report.anyProject')}
            loading={projects.isLoading}
            value={projectId}
            onChange={(value) => setProjectId(value ?? undefined)}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }))}
          />
        </div>
      </Flex>
      {report.isError && !report.data ? (
        <Alert type="error" showIcon title={t('sla.report.loadFailed')} />
      ) : empty ? (
        <Empty className="sla-report-empty" description={t('sla.report.empty')} />
      ) : (
        <>
          {shaped && shaped.lines.length > 0 && (
            <div className="sla-report-chart">
              <SlaReportChart lines={shaped.lines} />
            </div>
          )}
          <Typography.Paragraph type="secondary" className="sla-report-note">
            {t('sla.report.note')}
          </Typography.Paragraph>
          <SlaReportTable
            lines={shaped?.lines ?? []}
            total={shaped?.total ?? { ...emptyTotal, label: t('fields.slaReportTotal'), total: true }}
            groupBy={report.data?.groupBy ?? groupBy}
            loading={report.isFetching}
          />
        </>
      )}
    </Card>
  );
}

const emptyTotal = {
  key: null,
  name: null,
  tickets: 0,
  firstResponseMeasured: 0,
  firstResponseMet: 0,
  firstResponseRate: null,
  resolutionMeasured: 0,
  resolutionMet: 0,
  resolutionRate: null,
  firstResponseMedianMinutes: null,
  firstResponseP90Minutes: null,
  resolutionMedianMinutes: null,
  resolutionP90Minutes: null,
  customerHeldMinutes: 0,
  approverHeldMinutes: 0,
};
