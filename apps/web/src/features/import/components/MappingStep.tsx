import { useState } from 'react';
import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportEncoding, ImportField, ImportMapping, ImportPreviewResult, ImportTarget } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { useServerText } from '../../../platform/crud/failure';
import { fieldLabel, previewImport, uploadImportFile } from '../api';

/** What the preview needs from the definition being edited. */
export type PreviewSettings = {
  tableModel?: ImportTarget;
  importType?: 'xlsx' | 'csv';
  encoding?: ImportEncoding;
  haveHeader?: boolean;
  headerRow?: number;
  sheetName?: string | null;
};

type Props = {
  value?: ImportMapping[];
  onChange?: (value: ImportMapping[]) => void;
  fields: ImportField[];
  settings: PreviewSettings;
  /** The sheets of the sample, for the sheet picker. */
  onSheets?: (sheets: string[], encoding: string | null) => void;
};

type Line = { column: string; samples: string[] };

/**
 * The mapping step: a sample file's columns (with samples) each to a field of the target, proposed by the server
 * from the headers and the fields' labels in three languages; a column may stay unmapped.
 */
export function MappingStep({ value = [], onChange, fields, settings, onSheets }: Props) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const [preview, setPreview] = useState<ImportPreviewResult | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const [sample, setSample] = useState<{ fileId: string; isCsv: boolean } | null>(null);

  /** Reads a sample (a new file, or the last one again with the settings as they are now). */
  const load = async (file: File | null) => {
    if (!settings.tableModel) {
      setError(t('import.mapping.chooseTarget'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const current = file
        ? { fileId: String((await uploadImportFile(file)).fileId), isCsv: /\.(csv|txt)$/i.test(file.name) }
        : sample;
      if (!current) return;
      const { fileId, isCsv } = current;
      const result = await previewImport({
        fileId,
        tableModel: settings.tableModel,
        importType: settings.importType ?? (isCsv ? 'csv' : 'xlsx'),
        encoding: settings.encoding ?? 'auto',
        haveHeader: settings.haveHeader ?? true,
        headerRow: settings.headerRow ?? 1,
        sheetName: settings.sheetName || null,
      });
      setPreview(result);
      setSample(current);
      if (file) setFileName(file.name);
      onSheets?.(result.sheets, result.encoding);
      onChange?.(result.mappings);
    } catch (e) {
      setError(e instanceof ApiError ? serverText(e) : String(e));
    } finally {
      setBusy(false);
    }
  };

  const lines: Line[] = preview ? preview.columns : value.map((m) => ({ column: m.column, samples: [] as string[] }));
  const fieldOf = (column: string) => value.find((m) => m.column === column)?.field;
  const setField = (column: string, field: string | undefined) => {
    const rest = value.filter((m) => m.column !== column);
    const next = field ? [...rest, { column, field }] : rest;
    // Keep the sheet's column order.
    const order = new Map(lines.map((l, i) => [l.column, i]));
    onChange?.(next.sort((a, b) => (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0)));
  };
  const mapped = new Set(value.map((m) => m.field));
  const missing = fields.filter((f) => f.required && !mapped.has(f.field));
  const options = fields.map((f) => ({
    value: f.field,
    label: (
      <span>
        {fieldLabel(f, i18n.language)}
        {f.required && <span className="import-required"> *</span>}
      </span>
    ),
    title: fieldLabel(f, i18n.language),
  }));

  return (
    <div className="import-mapping">
      <Space wrap style={{ marginBottom: 12 }}>
        <Upload
          accept=".xlsx,.csv,.txt"
          showUploadList={false}
          beforeUpload={(file) => {
            void load(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} className="import-sample-upload">
            {t('import.mapping.upload')}
          </Button>
        </Upload>
        {fileName && <Typography.Text type="secondary">{fileName}</Typography.Text>}
        {sample && (
          <Button icon={<ReloadOutlined />} disabled={busy} onClick={() => void load(null)}>
            {t('import.mapping.reread')}
          </Button>
        )}
        {preview?.encoding && <Tag>{t('import.mapping.encodingRead', { encoding: preview.encoding })}</Tag>}
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {lines.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('import.mapping.empty')}</Typography.Paragraph>
      ) : (
        <Table<Line>
          rowKey="column"
          size="small"
          pagination={false}
          dataSource={lines}
          className="import-mapping-table"
          columns={[
            { key: 'column', dataIndex: 'column', title: t('import.mapping.column'), width: 160 },
            {
              key: 'samples',
              title: t('import.mapping.samples'),
              render: (_, line) => (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                  {line.samples.filter(Boolean).join(' · ') || '—'}
                </Typography.Text>
              ),
            },
            {
              key: 'field',
              title: t('import.mapping.field'),
              width: 220,
              render: (_, line) => (
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'title' }}
                  placeholder={t('import.mapping.unmapped')}
                  value={fieldOf(line.column)}
                  onChange={(field?: string) => setField(line.column, field)}
                  options={options.map((o) => ({
                    ...o,
                    disabled: o.value !== fieldOf(line.column) && mapped.has(o.value),
                  }))}
                  style={{ width: '100%' }}
                  className="import-mapping-field"
                />
              ),
            },
          ]}
        />
      )}
      {lines.length > 0 && missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          className="import-mapping-missing"
          title={t('import.mapping.missing', {
            fields: missing.map((f) => fieldLabel(f, i18n.language)).join(', '),
          })}
        />
      )}
    </div>
  );
}
