import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActionFeedback } from '../../../platform/crud/failure';
import { downloadImportTemplate, useImportTargets } from '../api';

/**
 * "Download template": an xlsx headed with the columns a target takes, in the language shown (the import maps
 * them back by themselves). With `target` one button; without, a menu of the targets the user may write.
 */
export function TemplateButton({ target, link }: { target?: string; link?: boolean }) {
  const { t, i18n } = useTranslation();
  const targets = useImportTargets();
  const feedback = useActionFeedback();
  const download = (x: string) => {
    const name = `${t('import.template.fileName', { target: t(`import.targets.${x}`) })}.xlsx`;
    downloadImportTemplate(x, i18n.language, name).catch(feedback().onError);
  };
  if (target)
    return (
      <Button
        type={link ? 'link' : 'default'}
        size={link ? 'small' : undefined}
        icon={<DownloadOutlined />}
        className="import-template-one"
        onClick={() => download(target)}
      >
        {t('import.template.one')}
      </Button>
    );
  const items = (targets.data ?? []).map((x) => ({ key: x.target, label: t(`import.targets.${x.target}`) }));
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => download(key) }} disabled={items.length === 0}>
      <Button icon={<DownloadOutlined />} className="import-template">
        {t('import.template.button')}
      </Button>
    </Dropdown>
  );
}
