import { useTranslation } from 'react-i18next';
import type { TriggerRun } from '@casedesk/shared';

/** A run's trigger by its name; one deleted since by the name it had, said to be deleted. */
export function TriggerName({ run }: { run: Pick<TriggerRun, 'triggerName' | 'triggerDeleted'> }) {
  const { t } = useTranslation();
  if (!run.triggerDeleted) return <>{run.triggerName}</>;
  return (
    <span className="trigger-deleted">
      {run.triggerName
        ? t('automation.log.deletedTrigger', { name: run.triggerName })
        : t('automation.log.deletedTriggerUnnamed')}
    </span>
  );
}
