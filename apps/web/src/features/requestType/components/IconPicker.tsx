import { Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestTypeIcons, type RequestTypeIcon } from '@casedesk/shared';
import { RequestTypeIconView } from './request-type-icons';

/** Picks one of the icons a request type may have, each drawn and named (a form control). */
export function IconPicker({
  value,
  onChange,
}: {
  value?: RequestTypeIcon;
  onChange?: (icon: RequestTypeIcon) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className="request-type-icon-picker"
      optionType="button"
      value={value}
      onChange={(event) => onChange?.(event.target.value as RequestTypeIcon)}
    >
      {requestTypeIcons.map((icon) => (
        <Tooltip key={icon} title={t(`requestType.icons.${icon}`)}>
          <Radio.Button value={icon} aria-label={t(`requestType.icons.${icon}`)}>
            <RequestTypeIconView icon={icon} />
          </Radio.Button>
        </Tooltip>
      ))}
    </Radio.Group>
  );
}
