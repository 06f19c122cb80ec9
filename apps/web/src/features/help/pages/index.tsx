import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Card, Col, Empty, Input, Menu, Row, Skeleton, Typography } from 'antd';
import { StatusResult } from '../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isLanguage, type Language } from '../../../platform/i18n';
import { loadHelpPages, type HelpPage } from '../help-content';
import { helpHome, helpSections, helpSlugs } from '../help-routes';
import { searchHelp } from '../help-search';
import { renderMarkdown } from '../markdown';
import '../help.css';

function useHelpPages(language: Language) {
  const [state, setState] = useState<{ language: Language; pages?: Map<string, HelpPage>; failed?: boolean }>({
    language,
  });
  useEffect(() => {
    let live = true;
    loadHelpPages(language).then(
      (pages) => live && setState({ language, pages }),
      () => live && setState({ language, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return state.language === language ? state : { language };
}

function Article({ page }: { page: HelpPage }) {
  const navigate = useNavigate();
  const html = useMemo(() => renderMarkdown(page.markdown), [page.markdown]);
  // Links inside the app (other help pages, screens) move within it; external ones open in a new tab.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank' || !href.startsWith('/')) return;
    event.preventDefault();
    navigate(href);
  };
  return <article className="help-article" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The help centre: the pages of the current language, a search over them, one page at a time. */
export default function HelpPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { pages, failed } = useHelpPages(language);
  const slug = params.get('page') || helpHome;

  const hits = useMemo(() => (pages ? searchHelp(pages.values(), query, helpSlugs) : []), [pages, query]);

  if (failed) return <StatusResult status="warning" title={t('help.loadFailed')} />;
  if (!pages) return <Skeleton active className="page-skeleton" />;

  const page = pages.get(slug);
  const open = (next: string) => {
    setQuery('');
    navigate(next === helpHome ? '/help' : `/help?page=${next}`);
  };

  return (
    <Row gutter={[16, 16]} className="help-centre">
      <Col xs={24} lg={7} xl={6}>
        <Card size="small">
          <Input.Search
            allowClear
            placeholder={t('help.search')}
            aria-label={t('help.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Menu
            mode="inline"
            className="help-toc"
            selectedKeys={[slug]}
            defaultOpenKeys={helpSections.map((section) => section.key)}
            onClick={({ key }) => open(key)}
            items={helpSections.map((section) => ({
              key: section.key,
              type: 'group',
              label: t(`help.sections.${section.key}`),
              children: section.pages.map((key) => ({ key, label: pages.get(key)?.title ?? key })),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={17} xl={18}>
        <Card>
          {query.trim() ? (
            <section aria-label={t('help.results')}>
              <Typography.Title level={4}>
                {t('help.resultsFor', { query: query.trim(), count: hits.length })}
              </Typography.Title>
              {hits.length === 0 ? (
                <Empty description={t('help.noResults')} />
              ) : (
                <ul className="help-results">
                  {hits.map((hit) => (
                    <li key={hit.slug}>
                      <a
                        href={`/help?page=${hit.slug}`}
                        onClick={(event) => {
                          event.preventDefault();
                          open(hit.slug);
                        }}
                      >
                        {hit.title}
                      </a>
                      <div className="help-snippet">
                        {hit.before}
                        {hit.match && <mark>{hit.match}</mark>}
                        {hit.after}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : page ? (
            <Article page={page} />
          ) : (
            <StatusResult
              status="404"
              title={t('help.notFound')}
              extra={<a onClick={() => setParams({})}>{t('help.backHome')}</a>}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
