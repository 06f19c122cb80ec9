import { useState } from 'react';
import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  importCreateSchema,
  importEncodingSchema,
  importOperationSchema,
  importTargets,
  importTypeSchema,
  type ImportMapping,
} from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { schemaRule } from '../../../platform/form-rules';
import { fieldLabel, importApi, useImportTargets, type ImportRow } from '../api';
import { MappingStep, type PreviewSettings } from './MappingStep';
import { TemplateButton } from './TemplateButton';

type Values = PreviewSettings & {
  importName: string;
  description: string | null;
  status: 'Active' | 'Inactive';
  source: string | null;
  batchSize: number;
  operationType: 'Insert' | 'Update' | 'Upsert';
  matchConditions: string[];
  mappings: ImportMapping[];
};

const fields = importCreateSchema.shape;
const blank = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

const toForm = (v: ImportRow): Partial<Values> => ({ ...v });
const toBody = (v: Values) => ({
  importName: v.importName,
  description: blank(v.description),
  status: v.status,
  tableModel: v.tableModel,
  importType: v.importType,
  source: blank(v.source),
  haveHeader: v.haveHeader ?? true,
  headerRow: v.headerRow ?? 1,
  sheetName: blank(v.sheetName),
  encoding: v.encoding ?? 'auto',
  batchSize: v.batchSize ?? 500,
  operationType: v.operationType,
  matchConditions: v.operationType === 'Insert' ? [] : (v.matchConditions ?? []),
  mappings: v.mappings ?? [],
});

/** An import definition: what the sheet holds, where it goes, how rows are matched, and its column mapping. */
export function ImportEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const statusOptions = useStatusOptions();
  const targets = useImportTargets();
  const [sheets, setSheets] = useState<string[]>([]);
  const f = (key: string) => t(`import.fields.${key}`);
  return (
    <EditorDrawer<ImportRow, Values>
      api={importApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('import.create') : t('import.edit')}
      width={820}
      defaults={{
        status: 'Active',
        importType: 'xlsx',
        haveHeader: true,
        headerRow: 1,
        encoding: 'auto',
        batchSize: 500,
        operationType: 'Insert',
        matchConditions: [],
        mappings: [],
      }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form) => (
        <EditorBody
          form={form}
          sheets={sheets}
          setSheets={setSheets}
          targets={targets.data ?? []}
          statusOptions={statusOptions}
          f={f}
          language={i18n.language}
        />
      )}
    </EditorDrawer>
  );
}

type BodyProps = {
  form: FormInstance<Values>;
  sheets: string[];
  setSheets: (sheets: string[]) => void;
  targets: NonNullable<ReturnType<typeof useImportTargets>['data']>;
  statusOptions: ReturnType<typeof useStatusOptions>;
  f: (key: string) => string;
  language: string;
};

function EditorBody({ form, sheets, setSheets, targets, statusOptions, f, language }: BodyProps) {
  const { t } = useTranslation();
  const tableModel = Form.useWatch('tableModel', form);
  const importType = Form.useWatch('importType', form);
  const operationType = Form.useWatch('operationType', form);
  const haveHeader = Form.useWatch('haveHeader', form);
  const encoding = Form.useWatch('encoding', form);
  const headerRow = Form.useWatch('headerRow', form);
  const sheetName = Form.useWatch('sheetName', form);
  const target = targets.find((x) => x.target === tableModel);
  const targetFields = target?.fields ?? [];
  const allowed = new Set(targets.map((x) => x.target));
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="importName" label={f('importName')} required rules={[schemaRule(fields.importName)]}>
            <Input maxLength={100} autoFocus className="import-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="tableModel"
            label={f('tableModel')}
            rules={[{ required: true, message: t('import.required') }]}
            extra={target ? <TemplateButton target={target.target} link /> : undefined}
          >
            <Select
              className="import-target"
              options={importTargets.map((x) => ({
                value: x,
                label: t(`import.targets.${x}`),
                disabled: !allowed.has(x),
              }))}
              onChange={() => {
                form.setFieldValue('mappings', []);
                form.setFieldValue('matchConditions', []);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="importType" label={f('importType')} required>
            <Select
              className="import-type"
              options={importTypeSchema.options.map((x) => ({ value: x, label: t(`import.types.${x}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="operationType" label={f('operationType')} required>
            <Select
              className="import-operation"
              options={importOperationSchema.options.map((x) => ({ value: x, label: t(`import.operations.${x}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="status" label={f('status')}>
            <Select options={statusOptions} />
          </Form.Item>
        </Col>
        {operationType && operationType !== 'Insert' && (
          <Col xs={24}>
            <Form.Item
              name="matchConditions"
              label={f('matchConditions')}
              extra={t('import.matchHelp')}
              rules={[{ required: true, type: 'array', min: 1, message: t('import.matchRequired') }]}
            >
              <Select
                mode="multiple"
                className="import-match"
                maxCount={5}
                options={targetFields
                  .filter((x) => x.matchable)
                  .map((x) => ({ value: x.field, label: fieldLabel(x, language) }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="source" label={f('source')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name="batchSize" label={f('batchSize')} rules={[schemaRule(fields.batchSize)]}>
            <InputNumber min={1} max={5000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name="haveHeader" label={f('haveHeader')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name="headerRow" label={f('headerRow')} rules={[schemaRule(fields.headerRow)]}>
            <InputNumber min={1} max={100} disabled={haveHeader === false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {importType === 'csv' ? (
          <Col xs={24} sm={6}>
            <Form.Item name="encoding" label={f('encoding')}>
              <Select
                options={importEncodingSchema.options.map((x) => ({ value: x, label: t(`import.encodings.${x}`) }))}
              />
            </Form.Item>
          </Col>
        ) : (
          <Col xs={24} sm={12}>
            <Form.Item name="sheetName" label={f('sheetName')} extra={t('import.sheetHelp')}>
              <Select
                allowClear
                showSearch
                options={sheets.map((s) => ({ value: s, label: s }))}
                notFoundContent={null}
                placeholder={t('import.firstSheet')}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="description" label={f('description')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        {t('import.mapping.title')}
      </Divider>
      <Form.Item name="mappings" noStyle>
        <MappingStep
          fields={targetFields}
          settings={{ tableModel, importType, encoding, haveHeader, headerRow, sheetName }}
          onSheets={(list) => setSheets(list)}
        />
      </Form.Item>
    </>
  );
}
