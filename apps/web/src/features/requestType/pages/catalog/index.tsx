import { useState } from 'react';
import { Alert, Card, Col, Drawer, Empty, Grid, Input, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CatalogItem } from '@casedesk/shared';
import { labelLanguage } from '../../../../platform/custom-field-language';
import { useCatalog } from '../../api';
import { byCategory, matching } from '../../components/catalog-form';
import { CatalogRequestForm } from '../../components/CatalogRequestForm';
import { RequestTypeIconView } from '../../components/request-type-icons';
import '../../components/request-type.css';

/** The request catalog (contract 21): what a person may ask for, found by a word, each opening its form. */
export default function CatalogPage() {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const phone = Grid.useBreakpoint().md === false;
  const [keyword, setKeyword] = useState('');
  const catalog = useCatalog();
  const [chosen, setChosen] = useState<CatalogItem | null>(null);
  const groups = byCategory(matching(catalog.data ?? [], keyword), t('requestType.catalog.otherCategory'));

  return (
    <Card className="catalog-page" title={t('requestType.catalog.title')}>
      <Input.Search
        className="catalog-search"
        allowClear
        placeholder={t('requestType.catalog.search')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      {catalog.isError ? (
        <Alert type="error" showIcon title={t('crud.loadFailed')} />
      ) : catalog.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : groups.length === 0 ? (
        <Empty description={keyword ? t('requestType.catalog.noMatch') : t('requestType.catalog.empty')} />
      ) : (
        groups.map((group) => (
          <section key={group.name} className="catalog-group">
            <Typography.Title level={5}>{group.name}</Typography.Title>
            <Row gutter={[16, 16]}>
              {group.items.map((item) => (
                <Col xs={24} sm={12} lg={8} xl={6} key={item.id}>
                  <Card
                    hoverable
                    size="small"
                    className="catalog-item"
                    role="button"
                    tabIndex={0}
                    onClick={() => setChosen(item)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') setChosen(item);
                    }}
                  >
                    <Space align="start" size={12}>
                      <span className="catalog-item-icon">
                        <RequestTypeIconView icon={item.icon} size={24} />
                      </span>
                      <div>
                        <Typography.Text strong>{item.name[language]}</Typography.Text>
                        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                          {item.description[language]}
                        </Typography.Paragraph>
                      </div>
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          </section>
        ))
      )}
      {chosen && (
        <Drawer
          open
          destroyOnHidden
          size={phone ? '100%' : 640}
          onClose={() => setChosen(null)}
          className="catalog-request-drawer"
          title={
            <Space>
              <RequestTypeIconView icon={chosen.icon} size={18} />
              {chosen.name[language]}
            </Space>
          }
        >
          <CatalogRequestForm item={chosen} onCancel={() => setChosen(null)} />
        </Drawer>
      )}
    </Card>
  );
}
