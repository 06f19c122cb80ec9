import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../platform/permission';
import { BackupPanel } from '../components/BackupPanel';
import { ExportsPanel } from '../components/ExportsPanel';
import { ImportRunsPanel } from '../components/ImportRunsPanel';
import { RetentionPanel } from '../components/RetentionPanel';

/** Data Management (issue 15 item 2): every export, import runs, retention rules and the embedded backup. */
export default function DataManagementPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  return (
    <div className="data-management-page">
      <Typography.Title level={4}>{t('dataManagement.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ExportsPanel />
        </Col>
        <Col xs={24} xl={12}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <RetentionPanel />
            </Col>
            {has('dataManagement:backup') && (
              <Col span={24}>
                <BackupPanel />
              </Col>
            )}
            <Col span={24}>
              <ImportRunsPanel />
            </Col>
          </Row>
        </Col>
      </Row>
    </div>
  );
}
